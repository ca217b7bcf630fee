import type { QueryClient } from '@tanstack/react-query';
import { AuditLogPage } from '#features/audit-log/components/audit-log-page.tsx';
import { auditChainHeadQuery, auditEventsQuery } from '#features/audit-log/api/audit-events.ts';
import { auditFilterOf } from '#features/audit-log/lib/filter.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <AuditLogPage />;
}

/** The first page of the URL's filter and the chain head, under the keys the page reads them. */
export function preload(queryClient: QueryClient, url: URL) {
  const events = auditEventsQuery(auditFilterOf(url.searchParams));
  // Only when nothing is cached (as startRead): a list the auditor paged through keeps its pages.
  if (queryClient.getQueryData(events.queryKey) === undefined)
    void queryClient.prefetchInfiniteQuery(events);
  startRead(queryClient, auditChainHeadQuery());
}
