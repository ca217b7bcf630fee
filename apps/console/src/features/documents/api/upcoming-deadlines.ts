import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

const upcomingKey = [...documentKeys.all, 'upcoming-deadlines'] as const;
const feedKey = [...documentKeys.all, 'calendar-feed'] as const;

export const useUpcomingDeadlines = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: upcomingKey,
      queryFn: ({ signal }) => callEndpoint(alertEndpoints.upcoming, { signal }),
      enabled,
    }),
  );

export const useCalendarFeed = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: feedKey,
      queryFn: ({ signal }) => callEndpoint(alertEndpoints.calendarFeed, { signal }),
      enabled,
    }),
  );

/** Issue (or rotate: the old URL stops) and revoke; the answer of an issue is the only one with the URL. */
export function useCalendarFeedChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'issue' | 'revoke') =>
      callEndpoint(
        kind === 'issue' ? alertEndpoints.issueCalendarFeed : alertEndpoints.revokeCalendarFeed,
        {},
      ),
    onSuccess: (feed) => client.setQueryData(feedKey, feed),
  });
}
