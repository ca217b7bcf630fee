import { useInfiniteQuery } from '@tanstack/react-query';
import { ZFindAuditEventsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';

export const auditEventKeys = {
  all: ['audit-events'] as const,
  list: (q: Partial<Record<string, string>>) => [...auditEventKeys.all, 'list', q] as const,
};

/** `GET /audit_events`: newest first, 50 at a time; each next page starts after the last event shown. */
export const useAuditEvents = (q: Partial<Record<string, string>>) =>
  useInfiniteQuery({
    queryKey: auditEventKeys.list(q),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch('/audit_events', {
        query: { ...q, after: pageParam },
        schema: ZFindAuditEventsResponse,
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
