import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberKeys } from './keys.ts';

/** `GET /users/{id}/holdings`: what the member holds, read before they are deleted. */
export const findMemberHoldings = (id: string, signal?: AbortSignal) =>
  callEndpoint(memberEndpoints.holdings, { params: { id }, signal });

export const useMemberHoldings = (id: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: memberKeys.holdings(id),
      queryFn: async ({ signal }) => (await findMemberHoldings(id, signal)).holdings,
      enabled,
      // Read afresh each time the dialog opens: a cabinet handed over a minute ago must show.
      staleTime: 0,
    }),
  );
