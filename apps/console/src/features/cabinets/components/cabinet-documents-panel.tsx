import { lazy, Suspense, useState } from 'react';
import { Button, Group, Loader, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  EntityType,
  DOCUMENT_TOTAL_CAP,
  canBulkDownload,
  type TCabinet,
} from '@cloudsign/contract';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { PastLastPage } from '../../../components/page/past-last-page.tsx';
import { CABINET_DOCUMENTS_PER_PAGE, useCabinetDocuments } from '../api/find-cabinet-documents.ts';
import type { DocumentSelection } from '../api/file-documents.ts';
import { FileDocumentsModal, type FileKind } from './file-documents-modal.tsx';
import { SelectAllBar } from './select-all-bar.tsx';
import { SelectionActions } from './selection-actions.tsx';
import { CabinetDocumentsTable } from './cabinet-documents-table.tsx';
import { useDocumentsUrlState } from '../hooks/use-documents-url-state.ts';
import { useDocumentSelection } from '../hooks/use-document-selection.ts';

/** まとめてダウンロード's dialog is fetched when first opened. */
const BulkDownloadModal = lazy(async () => ({
  default: (await import('../../../components/bulk-download/bulk-download-modal.tsx'))
    .BulkDownloadModal,
}));

/** The cabinet's documents: paged, searchable, selectable; page and keyword live in the URL (STYLE.md). */
export function CabinetDocumentsPanel({ cabinet }: { cabinet: TCabinet }) {
  const { page, keyword, input, setInput, setPage } = useDocumentsUrlState();
  const [action, setAction] = useState<FileKind | null>(null);
  const [isDownloadOpen, setDownloadOpen] = useState(false);
  const mayDownload = canBulkDownload(useCurrentUser());
  const docs = useCabinetDocuments(cabinet.id, { page, keyword });

  const rows = docs.data?.documents ?? [];
  const total = docs.data?.total ?? 0;
  const pages = Math.max(
    1,
    Math.ceil(Math.min(total, DOCUMENT_TOTAL_CAP) / CABINET_DOCUMENTS_PER_PAGE),
  );
  const pageIds = rows.map((d) => d.id);
  const sel = useDocumentSelection(pageIds, keyword);
  const isTotalExact = docs.data?.isTotalExact ?? true;
  const selectedCount = sel.allMatching ? total : sel.selected.size;
  const selection: DocumentSelection = sel.allMatching
    ? { conditions: { cabinetId: cabinet.id, ...(keyword ? { keyword } : {}) } }
    : { documentIds: [...sel.selected] };
  const canManage = cabinet.isAdmin;

  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <TextInput
            placeholder="タイトル・相手先・参加者で検索"
            aria-label="書類を検索"
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            w={340}
          />
          <Group gap="sm">
            <Text size="sm" c="dimmed" data-testid="documents-total">
              {total.toLocaleString('ja-JP')}
              {docs.data && !docs.data.isTotalExact ? '件以上' : '件'}
            </Text>
            {mayDownload && (
              <Button size="xs" variant="default" onClick={() => setDownloadOpen(true)}>
                まとめてダウンロード
              </Button>
            )}
          </Group>
        </Group>
        {isDownloadOpen && (
          <Suspense fallback={null}>
            <BulkDownloadModal
              opened
              onClose={() => setDownloadOpen(false)}
              conditions={{ cabinetId: cabinet.id, keyword: keyword || undefined }}
              scopeLabel={`キャビネット「${cabinet.name}」`}
            />
          </Suspense>
        )}
        {canManage && (
          <SelectionActions
            selectedCount={selectedCount}
            tickedCount={sel.selected.size}
            isEstimated={sel.allMatching && !isTotalExact}
            isSystem={cabinet.type === EntityType.System}
            onAction={setAction}
            onClear={sel.clear}
          />
        )}
        {canManage && sel.allOnPage && total > pageIds.length && (
          <SelectAllBar
            pageCount={pageIds.length}
            total={total}
            isTotalExact={isTotalExact}
            allMatching={sel.allMatching}
            onSelectAll={sel.selectAllMatching}
            onClear={sel.clear}
          />
        )}
        {docs.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label="読み込み中" />
          </Group>
        ) : docs.isError ? (
          <PanelError error={docs.error} onRetry={() => void docs.refetch()} />
        ) : rows.length === 0 && total > 0 && page > pages ? (
          <PastLastPage page={page} pages={pages} onPage={setPage} />
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            {keyword ? '条件に一致する書類はありません。' : 'このキャビネットに書類はありません。'}
          </Text>
        ) : (
          <CabinetDocumentsTable
            rows={rows}
            isStale={docs.isPlaceholderData}
            canManage={canManage}
            selected={sel.selected}
            allOnPage={sel.allOnPage}
            onToggle={sel.toggle}
            onTogglePage={sel.togglePage}
          />
        )}
        {total > CABINET_DOCUMENTS_PER_PAGE && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
      <FileDocumentsModal
        cabinet={cabinet}
        kind={action}
        selection={selection}
        count={selectedCount}
        estimated={sel.allMatching && !isTotalExact}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          sel.clear();
        }}
      />
    </Paper>
  );
}
