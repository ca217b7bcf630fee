import { lazy, Suspense, useState } from 'react';
import { Box, Group, Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { ErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useListQuery } from '../lib/list-query.ts';
import { Loading } from '../../../components/query-fallback/query-fallback.tsx';
import { DocumentList } from './document-list.tsx';
import { DocumentsActions } from './documents-actions.tsx';
import { DocumentsQuickSearch } from './documents-quick-search.tsx';
import type { DetailTab } from './document-detail.tsx';

/** The detail and its attribute form are fetched when a document is first opened, not with the list. */
const DocumentDetail = lazy(async () => ({
  default: (await import('./document-detail.tsx')).DocumentDetail,
}));

/** `/company/documents`: the list panel with quick search, and the selected document beside it. */
export function DocumentsPage() {
  usePageTitle();
  const { query, update } = useListQuery();
  // The detail's tab is the page's, not a document's: an admin going through documents on 書類情報 stays there,
  // and a click on the tab while the next document is still opening is not lost when it opens.
  const [detailTab, setDetailTab] = useState<DetailTab>('pdf');

  return (
    <>
      <PageHeader title="書類" actions={<DocumentsActions query={query} />} />
      <DocumentsQuickSearch query={query} update={update} />
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
                    tab={detailTab}
                    onTab={setDetailTab}
                    onClose={() => update({ documentId: undefined })}
                  />
                </Suspense>
              </ErrorBoundary>
            </Paper>
          </Box>
        )}
      </Group>
    </>
  );
}
