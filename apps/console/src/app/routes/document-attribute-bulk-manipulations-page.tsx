import type { QueryClient } from '@tanstack/react-query';
import { HistoryPage } from '#features/document-attribute-bulk/components/history-page.tsx';
import { manipulationsQuery } from '#features/document-attribute-bulk/api/manipulations.ts';
import { historyPageOf } from '../../lib/bulk/history-page.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <HistoryPage />;
}

/** The history's page of the URL, under the key the page reads it. */
export function preload(queryClient: QueryClient, url: URL) {
  startRead(queryClient, manipulationsQuery(historyPageOf(url.searchParams)));
}
