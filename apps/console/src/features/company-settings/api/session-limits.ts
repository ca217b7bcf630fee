import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionLimitsEndpoints, type TUpdateSessionLimitsRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const sessionLimitsKeys = { all: ['session-limits'] as const };

export const sessionLimitsQuery = () =>
  queryOptions({
    queryKey: sessionLimitsKeys.all,
    queryFn: async ({ signal }) =>
      (await callEndpoint(sessionLimitsEndpoints.get, { signal })).limits,
  });
export const useSessionLimits = () => useQuery(sessionLimitsQuery());

/** A change and the `version` it was based on (If-Match, like every save). */
export type LimitsChange = { body: TUpdateSessionLimitsRequest; version: number };

export const usePreviewSessionLimits = () =>
  useMutation({
    mutationFn: async ({ body, version }: LimitsChange) =>
      (await callEndpoint(sessionLimitsEndpoints.preview, { body, version })).preview,
  });

export function useUpdateSessionLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: LimitsChange) =>
      (await callEndpoint(sessionLimitsEndpoints.update, { body, version })).limits,
    onSuccess: async (limits) => {
      client.setQueryData(sessionLimitsKeys.all, limits);
      // The console's own idle sign-out reads the timeout from the signed-in user.
      await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
