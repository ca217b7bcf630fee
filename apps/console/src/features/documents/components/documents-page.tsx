import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Box, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import {
  DOCUMENT_SORTS,
  canBulkDownload,
  canImportDocuments,
  canUseDocumentAttributeBulk,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { ErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { useCurrentUser, useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { listSearch, toApiQuery, useListQuery } from '../lib/list-query.ts';
import {
  keywordNotice,
  keywordPatch,
  keywordProblem,
  readKeyword,
} from '../lib/keyword-conditions.ts';
import { sortLabel } from '../lib/sort-labels.ts';
import { AttributeBulkMenu } from './attribute-bulk-menu.tsx';
import { AttributeOptionsModal } from './attribute-options-modal.lazy.ts';
import { ConditionChips } from './condition-chips.tsx';
import { UpcomingDeadlinesModal } from './upcoming-deadlines-modal.tsx';
import { Loading } from '../../../components/query-fallback/query-fallback.tsx';

/** The detail and its attribute form are fetched when a document is first opened, not with the list. */
const DocumentDetail = lazy(async () => ({
  default: (await import('./document-detail.tsx')).DocumentDetail,
}));
import { DocumentList } from './document-list.tsx';
/** まとめてダウンロード's dialog is fetched when first opened. */
const BulkDownloadModal = lazy(async () => ({
  default: (await import('../../../components/bulk-download/bulk-download-modal.tsx'))
    .BulkDownloadModal,
}));

/** `/company/documents`: the list panel with quick search, and the selected document beside it. */
export function DocumentsPage() {
  usePageTitle();
  const user = useCurrentUser();
  const isAdmin = useIsCompanyAdmin();
  const { search } = useLocation();
  const { query, update } = useListQuery();
  const cabinets = useCabinetChoices();
  // The box is uncontrolled: what was typed into the site's HTML before the console hydrated the page stays
  // (a controlled input is reset to its state then). The console writes into it where it rewrites the text.
  const box = useRef<HTMLInputElement>(null);
  const setKeyword = (text: string) => {
    if (box.current) box.current.value = text;
  };
  /** Why the typed text was not searched (a date that does not exist), shown under the box until it changes. */
  const [keywordError, setKeywordError] = useState<string | null>(null);
  /**
   * What the keyword box made of an amount or a date typed into it (keyword-conditions.ts), with the list
   * URL it produced: shown only on that URL, so going back or changing a condition takes it away.
   */
  const [notice, setNotice] = useState<{ text: string; search: string } | null>(null);
  const [isOptionsOpen, setOptionsOpen] = useState(false);
  const [isUpcomingOpen, setUpcomingOpen] = useState(false);
  const [isDownloadOpen, setDownloadOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="書類"
        actions={
          <>
            <Button variant="default" onClick={() => setUpcomingOpen(true)}>
              期限が近い書類
            </Button>
            {isAdmin && (
              <Button variant="default" onClick={() => setOptionsOpen(true)}>
                書類情報の設定
              </Button>
            )}
            {canBulkDownload(user) && (
              <Button variant="default" onClick={() => setDownloadOpen(true)}>
                まとめてダウンロード
              </Button>
            )}
            {canUseDocumentAttributeBulk(user) && <AttributeBulkMenu />}
            {canImportDocuments(user) && (
              <Button component={Link} to="/company/documents/import" variant="light">
                インポート
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" bg="white" p="sm" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {/* A real form: submitted before the console has hydrated the page, it loads the searched list
              (the keyword as typed; amounts and dates in it are read once the console runs). */}
          <form
            role="search"
            method="get"
            action="/company/documents"
            onSubmit={(e) => {
              e.preventDefault();
              const typed = new FormData(e.currentTarget).get('keyword');
              const reading = readKeyword(typeof typed === 'string' ? typed : '');
              const problem = keywordProblem(reading);
              setKeywordError(problem);
              if (problem !== null) return;
              const patch = { ...keywordPatch(reading), page: 1, documentId: undefined };
              const text = keywordNotice(reading);
              setKeyword(reading.keyword ?? '');
              setNotice(
                text === null ? null : { text, search: listSearch({ ...query, ...patch }) },
              );
              update(patch);
            }}
          >
            <Group gap={6} align="flex-end">
              <TextInput
                label="キーワード"
                placeholder="タイトル・契約相手・参加者・書類ID"
                ref={box}
                defaultValue={query.keyword ?? ''}
                onChange={() => setKeywordError(null)}
                error={keywordError}
                w={280}
                name="keyword"
              />
              {/* The other conditions go along with the keyword, as the console's own search keeps them. */}
              {[
                ...new URLSearchParams(
                  listSearch({ ...query, keyword: undefined, documentId: undefined, page: 1 }),
                ),
              ].map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <Button type="submit">検索</Button>
            </Group>
          </form>
          <Select
            label="キャビネット"
            placeholder="すべて"
            clearable
            w={170}
            data={(cabinets.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={query.cabinetId ?? null}
            onChange={(v) => update({ cabinetId: v ?? undefined, page: 1, documentId: undefined })}
          />
          <Select
            label="並び順"
            w={200}
            allowDeselect={false}
            data={DOCUMENT_SORTS.map((s) => ({ value: s, label: sortLabel(s) }))}
            value={query.sort}
            onChange={(v) => v && update({ sort: v as typeof query.sort, page: 1 })}
          />
          {/* Narrow padding: at 1280 px the whole row, 条件をクリア included, stays on one line. */}
          <Button
            component={Link}
            to={`/company/documents/search${search}`}
            variant="subtle"
            px="xs"
          >
            詳細検索
          </Button>
          <Button
            variant="subtle"
            color="gray"
            px="xs"
            onClick={() => {
              setKeyword('');
              setKeywordError(null);
              update({
                ...Object.fromEntries(Object.keys(query).map((k) => [k, undefined])),
                page: 1,
              });
            }}
          >
            条件をクリア
          </Button>
        </Group>
        {notice?.search === search && (
          <Text size="xs" c="dimmed" mt={6} role="status" data-testid="keyword-notice">
            {notice.text}
          </Text>
        )}
        <ConditionChips
          query={query}
          onRemove={(patch) => {
            if ('keyword' in patch) setKeyword('');
            update({ ...patch, documentId: undefined });
          }}
        />
      </Paper>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper
          withBorder
          radius="md"
          bg="white"
          style={{ flex: query.documentId ? '1 1 56%' : '1 1 100%', minWidth: 0 }}
          data-testid="documents-list-panel"
        >
          <ErrorBoundary scope="documents-list">
            <DocumentList query={query} onPage={(page) => update({ page })} />
          </ErrorBoundary>
        </Paper>
        {query.documentId && (
          <Box style={{ flex: '1 1 44%', minWidth: 0 }}>
            <Paper withBorder radius="md" bg="white" p="md" data-testid="document-detail-panel">
              <ErrorBoundary scope="document-detail" key={query.documentId}>
                <Suspense fallback={<Loading />}>
                  <DocumentDetail
                    id={query.documentId}
                    onClose={() => update({ documentId: undefined })}
                  />
                </Suspense>
              </ErrorBoundary>
            </Paper>
          </Box>
        )}
      </Group>
      {isAdmin && (
        <AttributeOptionsModal opened={isOptionsOpen} onClose={() => setOptionsOpen(false)} />
      )}
      {isUpcomingOpen && (
        <UpcomingDeadlinesModal opened={isUpcomingOpen} onClose={() => setUpcomingOpen(false)} />
      )}
      {isDownloadOpen && (
        <Suspense fallback={null}>
          <BulkDownloadModal
            opened
            onClose={() => setDownloadOpen(false)}
            conditions={toApiQuery(query)}
            scopeLabel="検索結果"
          />
        </Suspense>
      )}
    </>
  );
}
