import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EntityType,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TOTAL_CAP,
  canBulkDownload,
  type TCabinet,
} from '@cloudsign/contract';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { PastLastPage } from '../../../components/page/past-last-page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { CABINET_DOCUMENTS_PER_PAGE, useCabinetDocuments } from '../api/find-cabinet-documents.ts';
import { staleRowsProps } from '../../../lib/stale-rows.ts';
import type { DocumentSelection } from '../api/file-documents.ts';
import { FileDocumentsModal, type FileKind } from './file-documents-modal.tsx';
import { SelectAllBar } from './select-all-bar.tsx';

/** まとめてダウンロード's dialog is fetched when first opened. */
const BulkDownloadModal = lazy(async () => ({
  default: (await import('../../../components/bulk-download/bulk-download-modal.tsx'))
    .BulkDownloadModal,
}));

/** The cabinet's documents: paged, searchable, selectable; page and keyword live in the URL (STYLE.md). */
export function CabinetDocumentsPanel({ cabinet }: { cabinet: TCabinet }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const [input, setInput] = useState(keyword);
  const [debounced] = useDebouncedValue(input.trim(), 300);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // 「この条件の N 件すべてを選択」: the action applies to every match of the list's condition.
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<FileKind | null>(null);
  const [isDownloadOpen, setDownloadOpen] = useState(false);
  const mayDownload = canBulkDownload(useCurrentUser());
  const docs = useCabinetDocuments(cabinet.id, { page, keyword });
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  // Another condition is another set of documents: an all-matching selection does not carry over.
  useEffect(() => setAllMatching(false), [keyword]);

  useEffect(() => {
    if (debounced === keyword) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced) next.set('keyword', debounced);
        else next.delete('keyword');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, keyword, setParams]);

  const setPage = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  const rows = docs.data?.documents ?? [];
  const total = docs.data?.total ?? 0;
  const pages = Math.max(
    1,
    Math.ceil(Math.min(total, DOCUMENT_TOTAL_CAP) / CABINET_DOCUMENTS_PER_PAGE),
  );
  const pageIds = rows.map((d) => d.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string) => {
    setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const togglePage = () => {
    if (allOnPage) setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      for (const id of pageIds) {
        if (allOnPage) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };
  const isTotalExact = docs.data?.isTotalExact ?? true;
  const selectedCount = allMatching ? total : selected.size;
  const selection: DocumentSelection = allMatching
    ? { conditions: { cabinetId: cabinet.id, ...(keyword ? { keyword } : {}) } }
    : { documentIds: [...selected] };
  const canManage = cabinet.isAdmin;
  const isSystem = cabinet.type === EntityType.System;

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
          <Group gap="xs">
            <Text size="sm" data-testid="selected-count">
              {selectedCount.toLocaleString('ja-JP')}件{allMatching && !isTotalExact ? '以上' : ''}
              を選択中
            </Text>
            {!isSystem && (
              <Button
                size="xs"
                variant="light"
                disabled={selectedCount === 0}
                onClick={() => setAction('move')}
              >
                別のキャビネットへ移動
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              disabled={selected.size === 0}
              onClick={() => setAction('copy')}
            >
              {isSystem ? 'キャビネットに追加' : '別のキャビネットへコピー'}
            </Button>
            {!isSystem && (
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={selectedCount === 0}
                onClick={() => setAction('remove')}
              >
                このキャビネットから外す
              </Button>
            )}
            {selectedCount > 0 && (
              <Button size="xs" variant="subtle" onClick={clearSelection}>
                選択を解除
              </Button>
            )}
          </Group>
        )}
        {canManage && allOnPage && total > pageIds.length && (
          <SelectAllBar
            pageCount={pageIds.length}
            total={total}
            isTotalExact={isTotalExact}
            allMatching={allMatching}
            onSelectAll={() => setAllMatching(true)}
            onClear={clearSelection}
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
          <Table
            verticalSpacing="xs"
            aria-label="キャビネットの書類"
            highlightOnHover
            // A tick on the previous search's rows would select documents the new one does not list.
            {...staleRowsProps(docs.isPlaceholderData)}
          >
            <Table.Thead>
              <Table.Tr>
                {canManage && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="このページの書類をすべて選択"
                      checked={allOnPage}
                      onChange={togglePage}
                    />
                  </Table.Th>
                )}
                <Table.Th>タイトル</Table.Th>
                <Table.Th>相手先</Table.Th>
                <Table.Th>ステータス</Table.Th>
                <Table.Th>送信者</Table.Th>
                <Table.Th>更新日時</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id} data-testid="document-row">
                  {canManage && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`${d.title} を選択`}
                        checked={selected.has(d.id)}
                        onChange={() => toggle(d.id)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm" fw={600} truncate="end" maw={360} title={d.title}>
                      {d.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate="end" maw={220} title={d.counterparty ?? undefined}>
                      {d.counterparty ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{DOCUMENT_STATUS_LABELS[d.status] ?? d.status}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate="end" maw={160} title={d.senderName || undefined}>
                      {d.senderName || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(d.updatedAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
        estimated={allMatching && !isTotalExact}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          clearSelection();
        }}
      />
    </Paper>
  );
}
