import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companySettingsEndpoints, type TUpdateCompanySettingsRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const companySettingsKeys = { all: ['company-settings'] as const };

export const useCompanySettings = () =>
  useQuery(
    queryOptions({
      queryKey: companySettingsKeys.all,
      queryFn: async ({ signal }) =>
        (await callEndpoint(companySettingsEndpoints.get, { signal })).settings,
    }),
  );

export const previewCompanySettings = (body: TUpdateCompanySettingsRequest) =>
  callEndpoint(companySettingsEndpoints.preview, { body });

export const usePreviewCompanySettings = () =>
  useMutation({
    mutationFn: async (body: TUpdateCompanySettingsRequest) =>
      (await previewCompanySettings(body)).preview,
  });

export function useUpdateCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateCompanySettingsRequest) =>
      (await callEndpoint(companySettingsEndpoints.update, { body })).settings,
    onSuccess: async (settings) => {
      client.setQueryData(companySettingsKeys.all, settings);
      // Theme, name and flags show everywhere at once: the signed-in user carries them.
      await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useSendMfaReminders = () =>
  useMutation({ mutationFn: () => callEndpoint(companySettingsEndpoints.mfaReminders, {}) });
