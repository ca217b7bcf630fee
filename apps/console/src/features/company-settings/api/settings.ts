import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companySettingsEndpoints, type TUpdateCompanySettingsRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const companySettingsKeys = { all: ['company-settings'] as const };

export const companySettingsQuery = () =>
  queryOptions({
    queryKey: companySettingsKeys.all,
    queryFn: async ({ signal }) =>
      (await callEndpoint(companySettingsEndpoints.get, { signal })).settings,
  });
export const useCompanySettings = () => useQuery(companySettingsQuery());

/** A change and the settings `version` it was based on (sent as If-Match, like every save). */
export type VersionedChange = { body: TUpdateCompanySettingsRequest; version: number };

export const previewCompanySettings = ({ body, version }: VersionedChange) =>
  callEndpoint(companySettingsEndpoints.preview, { body, version });

export const usePreviewCompanySettings = () =>
  useMutation({
    mutationFn: async (change: VersionedChange) => (await previewCompanySettings(change)).preview,
  });

export function useUpdateCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: VersionedChange) =>
      (await callEndpoint(companySettingsEndpoints.update, { body, version })).settings,
    onSuccess: async (settings) => {
      client.setQueryData(companySettingsKeys.all, settings);
      // Theme, name and flags show everywhere at once: the signed-in user carries them.
      await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useSendMfaReminders = () =>
  useMutation({ mutationFn: () => callEndpoint(companySettingsEndpoints.mfaReminders, {}) });
