import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoDomainEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { ssoKeys } from './sso.ts';

/** The company's SSO domains with their state (未確認 / 確認済み) and the TXT record each needs. */
export const useSsoDomains = () =>
  useQuery(
    queryOptions({
      queryKey: ssoKeys.domains,
      queryFn: async ({ signal }) =>
        (await callEndpoint(ssoDomainEndpoints.find, { signal })).domains,
    }),
  );

/** Every change reads the list again: a verification may also have been refused halfway. */
function useDomainChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: ssoKeys.domains }),
  });
}

export const useAddSsoDomain = () =>
  useDomainChange((domain: string) =>
    callEndpoint(ssoDomainEndpoints.create, { body: { domain } }),
  );
export const useVerifySsoDomain = () =>
  useDomainChange((id: string) => callEndpoint(ssoDomainEndpoints.verify, { params: { id } }));
export const useRemoveSsoDomain = () =>
  useDomainChange((id: string) => callEndpoint(ssoDomainEndpoints.delete, { params: { id } }));
