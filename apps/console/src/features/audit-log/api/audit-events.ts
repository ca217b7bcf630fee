import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { auditLogEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const auditEventKeys = {
  all: ['audit-events'] as const,
  list: (q: Partial<Record<string, string>>) => [...auditEventKeys.all, 'list', q] as const,
  head: () => [...auditEventKeys.all, 'head'] as const,
};

/** `GET /audit_events`: newest first, 50 at a time; each next page starts after the last event shown. */
export const auditEventsQuery = (q: Partial<Record<string, string>>) =>
  infiniteQueryOptions({
    queryKey: auditEventKeys.list(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(auditLogEndpoints.find, { query: { ...q, after: pageParam }, signal }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
export const useAuditEvents = (q: Partial<Record<string, string>>) =>
  useInfiniteQuery(auditEventsQuery(q));

/** `GET /audit_events/head`: the company's chain head, the anchor to keep outside the product. */
export const auditChainHeadQuery = () =>
  queryOptions({
    queryKey: auditEventKeys.head(),
    queryFn: ({ signal }) => callEndpoint(auditLogEndpoints.head, { signal }),
  });
export const useAuditChainHead = () => useQuery(auditChainHeadQuery());
