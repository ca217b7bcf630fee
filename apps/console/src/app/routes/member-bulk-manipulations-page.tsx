import type { QueryClient } from '@tanstack/react-query';
import { HistoryPage } from '#features/member-bulk/components/pages.tsx';
import { manipulationsQuery } from '#features/member-bulk/api/manipulations.ts';
import { historyPageOf } from '../../lib/bulk/history-page.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <HistoryPage />;
}

/** The history's page of the URL, under the key the page reads it. */
export function preload(queryClient: QueryClient, url: URL) {
  startRead(queryClient, manipulationsQuery(historyPageOf(url.searchParams)));
}
