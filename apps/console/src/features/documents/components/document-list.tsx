import { useRef } from 'react';
import { Box, Center, Group, Loader, ScrollArea, Table, Text } from '@mantine/core';
import { DOCUMENT_TOTAL_CAP, type TDocumentFindResponse } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { PastLastPage } from '../../../components/page/past-last-page.tsx';
import { LinkPagination } from '../../../components/page/link-pagination.tsx';
import { useDocuments } from '../api/find-documents.ts';
import { listSearch, toApiQuery, type ListQuery } from '../lib/list-query.ts';
import { DocumentRow } from './document-row.tsx';
import { useScrollToTopOnChange } from '../../../lib/scroll-to-top.ts';
import { staleRowsProps } from '../../../lib/stale-rows.ts';

type Props = { query: ListQuery; onPage: (page: number) => void };

/** The list panel: one page of documents; scrolls back to the top whenever the list itself changes (spec §2). */
export function DocumentList({ query, onPage }: Props) {
  const apiQuery = toApiQuery(query);
  const documents = useDocuments(apiQuery);
  const viewport = useRef<HTMLDivElement>(null);
  const listKey = JSON.stringify(apiQuery);
  useScrollToTopOnChange(viewport, listKey);

  if (documents.isPending) {
    return (
      <Center py={80}>
        <Loader size="sm" aria-label="読み込み中" />
      </Center>
    );
  }
  if (documents.isError)
    return <PanelError error={documents.error} onRetry={() => void documents.refetch()} />;
  const data = documents.data;
  const pages = Math.max(1, Math.ceil(Math.min(data.total, DOCUMENT_TOTAL_CAP) / query.perPage));
  // With a document open beside it the list gets about half the width: it drops 契約終了日 and キャビネット
  // (both shown in the detail) and lays out fixed, so the title truncates and 取引金額 stays whole without
  // sideways scrolling (down to a 1280px-wide window).
  const isCompact = Boolean(query.documentId);
  return (
    <Box>
      <Group justify="space-between" px="md" py="xs">
        <Text size="sm" c="dimmed" data-testid="documents-total">
          {totalLabel(data)}
        </Text>
        {documents.isFetching && <Loader size="xs" aria-label="更新中" />}
      </Group>
      <ScrollArea
        h="calc(100vh - 300px)"
        viewportRef={viewport}
        type="auto"
        data-testid="documents-list-viewport"
      >
        <div {...staleRowsProps(documents.isPlaceholderData)} data-testid="document-rows">
          {data.documents.length === 0 && data.total > 0 && query.page > pages ? (
            // A page past the end (`?page=999`): say so and offer the last page.
            <PastLastPage page={query.page} pages={pages} onPage={onPage} />
          ) : data.documents.length === 0 ? (
            <Text p="xl" ta="center" c="dimmed">
              条件に合う書類はありません。
            </Text>
          ) : (
            <Table
              highlightOnHover
              verticalSpacing="xs"
              aria-label="書類一覧"
              stickyHeader
              miw={isCompact ? undefined : 760}
              layout={isCompact ? 'fixed' : undefined}
              style={{ whiteSpace: 'nowrap' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th miw={isCompact ? undefined : 260}>タイトル / 契約相手</Table.Th>
                  <Table.Th w={110}>契約締結日</Table.Th>
                  {!isCompact && <Table.Th w={110}>契約終了日</Table.Th>}
                  <Table.Th w={130} ta="right">
                    取引金額
                  </Table.Th>
                  {!isCompact && <Table.Th>キャビネット</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.documents.map((d) => (
                  <DocumentRow key={d.id} d={d} query={query} isCompact={isCompact} />
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="center" py="sm">
          <LinkPagination
            total={pages}
            value={query.page}
            hrefOf={(page) => `/company/documents${listSearch({ ...query, page })}`}
            size="sm"
            aria-label="ページ"
          />
        </Group>
      )}
    </Box>
  );
}

function totalLabel(data: TDocumentFindResponse): string {
  const n = data.total.toLocaleString('ja-JP');
  return data.isTotalExact
    ? `全${n}件`
    : `約${n}件（先頭の${DOCUMENT_TOTAL_CAP.toLocaleString('ja-JP')}件まで表示できます）`;
}
