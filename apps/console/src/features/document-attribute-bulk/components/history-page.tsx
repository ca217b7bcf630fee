import { Link } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { isBulkChecked, type TBulkManipulation } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { BulkHistoryTable } from '../../../components/bulk/index.ts';
import { downloadRowsCsv, downloadUploadedFile, useManipulations } from '../api/manipulations.ts';
import { COUNT_LABELS, UPLOAD_PATH, fmt, resultPath } from './labels.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { LinkPagination } from '../../../components/page/link-pagination.tsx';
import { useHistoryPage } from '../../../lib/bulk/history-page.ts';

function countsText(m: TBulkManipulation) {
  const checked = COUNT_LABELS.filter((c) => (m.counts[c.key] ?? 0) > 0)
    .map((c) => `${c.label}${fmt(m.counts[c.key] ?? 0)}件`)
    .join('・');
  return `${checked || '—'}${m.counts.succeeded !== undefined ? `（反映${fmt(m.counts.succeeded)}件・失敗${fmt(m.counts.failed ?? 0)}件）` : ''}`;
}

const Files = ({ m }: { m: TBulkManipulation }) => (
  <Group gap={4}>
    {m.hasInputFile && (
      <Button size="compact-xs" variant="default" onClick={() => void downloadUploadedFile(m.id)}>
        アップロード
      </Button>
    )}
    {isBulkChecked(m.status) && !m.fileError && (
      <Button
        size="compact-xs"
        variant="default"
        onClick={() => void downloadRowsCsv(m.id, 'result.csv')}
      >
        結果
      </Button>
    )}
  </Group>
);

/** Every run of the company, newest first: state, progress while running, counts, who, when, files. */
export function HistoryPage() {
  usePageTitle();
  const { page, hrefOf } = useHistoryPage();
  const q = useManipulations(page);
  return (
    <>
      <PageHeader
        title="書類情報の一括編集の履歴"
        crumbs={[
          { label: '書類', to: '/company/documents' },
          { label: '書類情報の一括編集', to: UPLOAD_PATH },
        ]}
        actions={
          <Button component={Link} to={UPLOAD_PATH}>
            新しく一括編集する
          </Button>
        }
      />
      {!q.isSuccess ? (
        <QueryFallback query={q} />
      ) : (
        <Stack gap="sm">
          {q.data.manipulations.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              まだ一括編集はありません。
            </Text>
          ) : (
            <BulkHistoryTable
              label="一括編集の履歴"
              manipulations={q.data.manipulations}
              pathOf={(m) => resultPath(m.id)}
              lead={{ header: 'ファイル', cell: (m) => m.originalFilename ?? '' }}
              counts={countsText}
              trail={[{ header: 'ファイル', cell: (m) => <Files m={m} /> }]}
            />
          )}
          {q.data.total > 20 && (
            <LinkPagination
              total={Math.ceil(q.data.total / 20)}
              value={page}
              hrefOf={hrefOf}
              size="sm"
              aria-label="履歴のページ"
            />
          )}
        </Stack>
      )}
    </>
  );
}
