import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memberEndpoints,
  ssoEndpoints,
  type TSsoMappingRequest,
  type TSsoResponse,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint } from '../../../lib/call-endpoint.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const ssoKeys = {
  all: ['sso'] as const,
  admins: ['sso', 'admins'] as const,
  domains: ['sso', 'domains'] as const,
};

export const ssoQuery = () =>
  queryOptions({
    queryKey: ssoKeys.all,
    queryFn: ({ signal }) => callEndpoint(ssoEndpoints.get, { signal }),
  });
export const useSso = () => useQuery(ssoQuery());

/** Company admins: the only members who may keep password sign-in as exceptions. */
export const useCompanyAdmins = () =>
  useQuery(
    queryOptions({
      queryKey: ssoKeys.admins,
      queryFn: async ({ signal }) =>
        (
          await callEndpoint(memberEndpoints.find, {
            query: { page: -1, role: 'CompanyAdmin', sort: 'name' },
            signal,
          })
        ).members,
    }),
  );

export const downloadSpMetadata = () =>
  downloadEndpoint(ssoEndpoints.spMetadata, { filename: 'cloudsign-sp-metadata.xml' });

export const fetchEnablePreview = () => callEndpoint(ssoEndpoints.enablePreview, {});

/**
 * Every change answers the whole settings: the cache takes it as it is. Turning SSO on or off also
 * changes what the signed-in user sees, so that one reads them again.
 */
function useSsoPut<T>(put: (input: T) => Promise<TSsoResponse>, changesMe = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: put,
    onSuccess: async (sso: TSsoResponse) => {
      client.setQueryData(ssoKeys.all, sso);
      if (changesMe) await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/** The settings' saves name the version of the settings they were based on (`TSsoResponse['version']`). */
type Versioned<T> = { version: string } & T;
export const usePutMetadata = () =>
  useSsoPut(({ xml, version }: Versioned<{ xml: string }>) =>
    callEndpoint(ssoEndpoints.putMetadata, { body: { xml }, version }),
  );
export const usePutMapping = () =>
  useSsoPut(({ body, version }: Versioned<{ body: TSsoMappingRequest }>) =>
    callEndpoint(ssoEndpoints.putMapping, { body, version }),
  );
export const usePutCertificates = () =>
  useSsoPut(({ certificates, version }: Versioned<{ certificates: string[] }>) =>
    callEndpoint(ssoEndpoints.putCertificates, { body: { certificates }, version }),
  );
export const usePutEnabled = () =>
  useSsoPut(
    (enabled: boolean) => callEndpoint(ssoEndpoints.putEnabled, { body: { enabled } }),
    true,
  );
