import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountEndpoints,
  type TChangePasswordRequest,
  type TReRegisterMfaRequest,
} from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const accountKeys = {
  all: ['account'] as const,
  account: () => [...accountKeys.all, 'account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export const accountQuery = () =>
  queryOptions({
    queryKey: accountKeys.account(),
    queryFn: async ({ signal }) => (await callEndpoint(accountEndpoints.get, { signal })).account,
  });
export const useAccount = () => useQuery(accountQuery());

export const accountSessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: async ({ signal }) =>
      (await callEndpoint(accountEndpoints.sessions, { signal })).sessions,
  });
export const useAccountSessions = () => useQuery(accountSessionsQuery());

/** Each ending changes the list: it is read again from the server, never guessed. */
function useSessionsChange<A>(fn: (arg: A) => Promise<{ endedSessions: number }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export const useChangePassword = () =>
  useSessionsChange((body: TChangePasswordRequest) =>
    callEndpoint(accountEndpoints.changePassword, { body }),
  );
export const useEndSession = () =>
  useSessionsChange((id: string) => callEndpoint(accountEndpoints.endSession, { params: { id } }));
export const useEndOtherSessions = () =>
  useSessionsChange(() => callEndpoint(accountEndpoints.endOtherSessions, {}));

/** Each call is a new key (nothing stored): asked for when the member starts, never cached or refetched. */
export const useNewMfaSecret = () =>
  useMutation({ mutationFn: () => callEndpoint(accountEndpoints.mfaSecret, {}) });

export function useReRegisterMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TReRegisterMfaRequest) =>
      (await callEndpoint(accountEndpoints.reRegisterMfa, { body })).backupCodes,
    // The member's MFA state shows in the console (members list, the user): read it again.
    onSuccess: () => client.invalidateQueries({ queryKey: meKeys.all }),
  });
}
