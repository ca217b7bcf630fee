import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Loader, Pagination, Progress, Stack, Table, Text } from '@mantine/core';
import { BulkStatus } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useManipulations } from '../api/manipulations.ts';
import { downloadRowsCsv, downloadUploadedFile } from '../api/transfers.ts';
import { COUNT_LABELS, UPLOAD_PATH, fmt, formatDateTime, resultPath } from './labels.ts';
import { StatusBadge } from './summary.tsx';

/** Every run of the company, newest first: state, progress while running, counts, who, when, files. */
export function HistoryPage() {
  usePageTitle();
  const [page, setPage] = useState(1);
  const q = useManipulations(page);
  return (
    <>
      <PageHeader title="書類情報の一括編集 履歴" actions={<Button component={Link} to={UPLOAD_PATH}>新しく一括編集する</Button>} />
      {q.isPending ? (
        <Group justify="center" p="xl"><Loader aria-label="読み込み中" /></Group>
      ) : q.isError ? (
        <PanelError onRetry={() => void q.refetch()} />
      ) : (
        <Stack gap="sm">
          <Table withTableBorder verticalSpacing="sm" aria-label="一括編集の履歴">
            <Table.Thead>
              <Table.Tr><Table.Th>日時</Table.Th><Table.Th>ファイル</Table.Th><Table.Th>状態</Table.Th><Table.Th>件数</Table.Th><Table.Th>実行者</Table.Th><Table.Th>ファイル</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.manipulations.map((m) => (
                <Table.Tr key={m.id} data-testid="history-row">
                  <Table.Td><Anchor component={Link} to={resultPath(m.id)}>{formatDateTime(m.createdAt)}</Anchor></Table.Td>
                  <Table.Td>{m.originalFilename ?? ''}</Table.Td>
                  <Table.Td miw={160}>
                    <StatusBadge m={m} />
                    {(m.status === BulkStatus.Checking || m.status === BulkStatus.Processing) && (
                      <Progress mt={6} value={m.status === BulkStatus.Processing && m.totalRows > 0 ? (m.processedRows / m.totalRows) * 100 : 100} animated striped aria-label="進み具合" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {COUNT_LABELS.filter((c) => (m.counts[c.key] ?? 0) > 0).map((c) => `${c.label} ${fmt(m.counts[c.key] ?? 0)}`).join('・') || '—'}
                      {m.counts.succeeded !== undefined && `（反映 ${fmt(m.counts.succeeded)}・失敗 ${fmt(m.counts.failed ?? 0)}）`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{m.createdBy.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {m.hasInputFile && <Button size="compact-xs" variant="default" onClick={() => void downloadUploadedFile(m.id)}>アップロード</Button>}
                      {m.status >= BulkStatus.CheckFailed && !m.fileError && <Button size="compact-xs" variant="default" onClick={() => void downloadRowsCsv(m.id, 'result.csv')}>結果</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {q.data.manipulations.length === 0 && (
                <Table.Tr><Table.Td colSpan={6}><Text c="dimmed" ta="center" py="md">まだ一括編集はありません。</Text></Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {q.data.total > 20 && <Pagination total={Math.ceil(q.data.total / 20)} value={page} onChange={setPage} size="sm" aria-label="履歴のページ" />}
        </Stack>
      )}
    </>
  );
}
