import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { provisioningEndpoints as e } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const provisioningKeys = {
  all: ['provisioning'] as const,
  tokens: ['provisioning', 'tokens'] as const,
  log: ['provisioning', 'log'] as const,
};

/** The company's SCIM tokens (never their secrets) and the SCIM base URL the IdP is given. */
export const useProvisioningTokens = () =>
  useQuery(
    queryOptions({
      queryKey: provisioningKeys.tokens,
      queryFn: ({ signal }) => callEndpoint(e.findTokens, { signal }),
    }),
  );

/** The last 30 days of SCIM requests, newest first. */
export const useProvisioningLog = () =>
  useQuery(
    queryOptions({
      queryKey: provisioningKeys.log,
      queryFn: async ({ signal }) => (await callEndpoint(e.findLog, { signal })).entries,
    }),
  );

function useTokenChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: provisioningKeys.all }),
  });
}

/** Answers the secret: the only time it is ever sent. */
export const useCreateProvisioningToken = () =>
  useTokenChange((name: string) => callEndpoint(e.createToken, { body: { name } }));
export const useRevokeProvisioningToken = () =>
  useTokenChange((id: string) => callEndpoint(e.revokeToken, { params: { id } }));
