import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Box, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import {
  DOCUMENT_SORTS,
  canImportDocuments,
  canUseDocumentAttributeBulk,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { ErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { useCurrentUser, useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinetChoices } from '../../../lib/shared-reads/cabinets.ts';
import { useListQuery } from '../lib/list-query.ts';
import { sortLabel } from '../lib/sort-labels.ts';
import { AttributeBulkMenu } from './attribute-bulk-menu.tsx';
import { AttributeOptionsModal } from './attribute-options-modal.lazy.ts';
import { ConditionChips } from './condition-chips.tsx';
import { Loading } from '../../../components/query-fallback/query-fallback.tsx';

/** The detail and its attribute form are fetched when a document is first opened, not with the list. */
const DocumentDetail = lazy(async () => ({
  default: (await import('./document-detail.tsx')).DocumentDetail,
}));
import { DocumentList } from './document-list.tsx';

/** `/company/documents`: the list panel with quick search, and the selected document beside it. */
export function DocumentsPage() {
  usePageTitle();
  const user = useCurrentUser();
  const isAdmin = useIsCompanyAdmin();
  const { search } = useLocation();
  const { query, update } = useListQuery();
  const cabinets = useCabinetChoices();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [isOptionsOpen, setOptionsOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="書類"
        actions={
          <>
            {isAdmin && (
              <Button variant="default" onClick={() => setOptionsOpen(true)}>
                書類情報の設定
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
          <form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              update({ keyword: keyword.trim() || undefined, page: 1, documentId: undefined });
            }}
          >
            <Group gap={6} align="flex-end">
              <TextInput
                label="キーワード"
                placeholder="タイトル・契約相手・参加者・書類ID"
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                w={320}
              />
              <Button type="submit">検索</Button>
            </Group>
          </form>
          <Select
            label="キャビネット"
            placeholder="すべて"
            clearable
            w={200}
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
          <Button component={Link} to={`/company/documents/search${search}`} variant="subtle">
            詳細検索
          </Button>
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setKeyword('');
              update({
                ...Object.fromEntries(Object.keys(query).map((k) => [k, undefined])),
                page: 1,
              });
            }}
          >
            条件をクリア
          </Button>
        </Group>
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
            <DocumentList
              query={query}
              onOpen={(id) => update({ documentId: id })}
              onPage={(page) => update({ page })}
            />
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
    </>
  );
}
