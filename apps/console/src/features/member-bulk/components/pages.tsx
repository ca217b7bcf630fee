import { useParams } from 'react-router';
import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useManipulations } from '../api/manipulations.ts';
import { ManipulationView } from './manipulation-view.tsx';
import { BulkHistoryTable } from '../../../components/bulk/index.ts';
import { KIND_LABELS, fmt, manipulationPath } from './labels.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { LinkPagination } from '../../../components/page/link-pagination.tsx';
import { useHistoryPage } from '../../../lib/bulk/history-page.ts';

const useManipulationId = () => useParams().manipulation_id ?? '';

export function PreviewPage({ title, kind }: { title: string; kind: number }) {
  usePageTitle();
  return (
    <>
      <PageHeader
        title={title}
        description="チェックの結果を確認し、エラーがなければ実行してください。実行するまでメンバーは変更されません。"
      />
      <ManipulationView id={useManipulationId()} mode="preview" kind={kind} />
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
    // Read as Japanese counts: 「追加1件・更新2件」, never 「追加 1」.
    .map(([l, n]) => `${String(l)}${fmt(Number(n))}件`)
    .join('・');

/** Every run, newest first: kind, status, counts, who, when, progress while processing. */
export function HistoryPage() {
  usePageTitle();
  const { page, hrefOf } = useHistoryPage();
  const q = useManipulations(page);
  return (
    <>
      <PageHeader
        title="一括操作の履歴"
        description="メンバーの一括追加・編集・削除とエクスポートの記録です。"
      />
      <Paper withBorder radius="md">
        {!q.isSuccess ? (
          <QueryFallback query={q} />
        ) : q.data.manipulations.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed">
            まだ一括操作はありません。
          </Text>
        ) : (
          <BulkHistoryTable
            label="一括操作の履歴"
            manipulations={q.data.manipulations}
            pathOf={manipulationPath}
            lead={{
              header: '種類',
              cell: (m) => (
                <>
                  <Text size="sm">{KIND_LABELS[m.kind]}</Text>
                  {m.originalFilename && (
                    <Text size="xs" c="dimmed">
                      {m.originalFilename}
                    </Text>
                  )}
                </>
              ),
            }}
            counts={(m) => countsText(m.counts)}
          />
        )}
      </Paper>
      {q.data && q.data.total > 20 && (
        <LinkPagination
          mt="md"
          total={Math.ceil(q.data.total / 20)}
          value={page}
          hrefOf={hrefOf}
          aria-label="履歴のページ"
        />
      )}
    </>
  );
}
