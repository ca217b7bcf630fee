import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZFindMembersResponse,
  ZSsoEnablePreview,
  ZSsoResponse,
  type TSsoMappingRequest,
  type TSsoResponse,
} from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { apiDownload } from '../../../lib/api-transfer.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const ssoKeys = {
  all: ['sso'] as const,
  admins: ['sso', 'admins'] as const,
};

export const useSso = () =>
  useQuery(
    queryOptions({
      queryKey: ssoKeys.all,
      queryFn: ({ signal }) => apiFetch('/sso_settings', { schema: ZSsoResponse, signal }),
    }),
  );

/** Company admins: the only members who may keep password sign-in as exceptions. */
export const useCompanyAdmins = () =>
  useQuery(
    queryOptions({
      queryKey: ssoKeys.admins,
      queryFn: async ({ signal }) =>
        (
          await apiFetch('/members', {
            query: { page: -1, role: 'CompanyAdmin', sort: 'name' },
            schema: ZFindMembersResponse,
            signal,
          })
        ).members,
    }),
  );

export const downloadSpMetadata = () =>
  apiDownload('/sso_settings/sp_metadata', { filename: 'cloudsign-sp-metadata.xml' });

export const fetchEnablePreview = () =>
  apiFetch('/sso_settings/enable_preview', { schema: ZSsoEnablePreview });

/** Every change answers the whole settings: the cache takes it as it is. */
function useSsoPut<T>(path: string, bodyOf: (input: T) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) =>
      apiFetch(path, { method: 'PUT', body: bodyOf(input), schema: ZSsoResponse }),
    onSuccess: async (sso: TSsoResponse) => {
      client.setQueryData(ssoKeys.all, sso);
      if (path.endsWith('/enabled')) await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const usePutMetadata = () =>
  useSsoPut('/sso_settings/idp_metadata', (xml: string) => ({ xml }));
export const usePutMapping = () =>
  useSsoPut('/sso_settings/mapping', (body: TSsoMappingRequest) => body);
export const usePutCertificates = () =>
  useSsoPut('/sso_settings/certificates', (certificates: string[]) => ({ certificates }));
export const usePutEnabled = () =>
  useSsoPut('/sso_settings/enabled', (enabled: boolean) => ({ enabled }));
