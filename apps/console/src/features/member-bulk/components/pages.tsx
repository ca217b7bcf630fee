import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Group, Loader, Pagination, Paper, Progress, Table, Text } from '@mantine/core';
import { BulkStatus } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useManipulations } from '../api/manipulations.ts';
import { ManipulationView } from './manipulation-view.tsx';
import { KIND_LABELS, fmt, formatDateTime, manipulationPath } from './labels.ts';
import { StatusBadge } from './run-summary.tsx';

const useManipulationId = () => useParams().manipulation_id ?? '';

export function PreviewPage({ title }: { title: string }) {
  usePageTitle();
  return (
    <>
      <PageHeader title={title} description="チェックの結果を確認し、エラーがなければ実行してください。実行するまでメンバーは変更されません。" />
      <ManipulationView id={useManipulationId()} mode="preview" />
    </>
  );
}

export function DetailPage() {
  usePageTitle();
  return (
    <>
      <PageHeader title="一括操作の詳細" />
      <ManipulationView id={useManipulationId()} mode="detail" />
    </>
  );
}

const countsText = (counts: Record<string, number>) =>
  [
    ['追加', counts.add],
    ['更新', counts.update],
    ['削除', counts.delete],
    ['変更なし', counts.unchanged],
    ['エラー', counts.error],
    ['出力', counts.exported],
    ['失敗', counts.failed],
  ]
    .filter(([, n]) => Number(n) > 0)
    .map(([l, n]) => `${String(l)} ${fmt(Number(n))}`)
    .join('・');

/** Every run, newest first: kind, status, counts, who, when, progress while processing (issue 5). */
export function HistoryPage() {
  usePageTitle();
  const [page, setPage] = useState(1);
  const q = useManipulations(page);
  return (
    <>
      <PageHeader title="一括操作の履歴" description="メンバーの一括追加・編集・削除とエクスポートの記録です。" />
      <Paper withBorder radius="md">
        {q.isPending ? (
          <Group justify="center" p="xl"><Loader aria-label="読み込み中" /></Group>
        ) : q.isError ? (
          <PanelError onRetry={() => void q.refetch()} />
        ) : q.data.manipulations.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed">まだ一括操作はありません。</Text>
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="一括操作の履歴">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>日時</Table.Th>
                <Table.Th>種類</Table.Th>
                <Table.Th>状態</Table.Th>
                <Table.Th>件数</Table.Th>
                <Table.Th>実行者</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.manipulations.map((m) => (
                <Table.Tr key={m.id} data-testid="history-row">
                  <Table.Td>
                    <Anchor component={Link} to={manipulationPath(m)}>{formatDateTime(m.createdAt)}</Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{KIND_LABELS[m.kind]}</Text>
                    {m.originalFilename && <Text size="xs" c="dimmed">{m.originalFilename}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge m={m} />
                    {m.status === BulkStatus.Processing && m.totalRows > 0 && (
                      <Progress mt={4} size="sm" value={(m.processedRows / m.totalRows) * 100} aria-label="進み具合" />
                    )}
                  </Table.Td>
                  <Table.Td><Text size="sm">{countsText(m.counts) || '—'}</Text></Table.Td>
                  <Table.Td><Text size="sm">{m.createdBy.name}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {q.data && q.data.total > 20 && <Pagination mt="md" total={Math.ceil(q.data.total / 20)} value={page} onChange={setPage} aria-label="履歴のページ" />}
    </>
  );
}
