import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCompanySettingsPreviewResponse,
  ZCompanySettingsResponse,
  ZMfaRemindersResponse,
  type TUpdateCompanySettingsRequest,
} from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { meKeys } from '../../../lib/current-user.ts';

export const companySettingsKeys = { all: ['company-settings'] as const };

export const useCompanySettings = () =>
  useQuery(
    queryOptions({
      queryKey: companySettingsKeys.all,
      queryFn: async ({ signal }) =>
        (await apiFetch('/company/settings', { schema: ZCompanySettingsResponse, signal }))
          .settings,
    }),
  );

export const previewCompanySettings = (body: TUpdateCompanySettingsRequest) =>
  apiFetch('/company/settings/preview', {
    method: 'POST',
    body,
    schema: ZCompanySettingsPreviewResponse,
  });

export const usePreviewCompanySettings = () =>
  useMutation({
    mutationFn: async (body: TUpdateCompanySettingsRequest) =>
      (await previewCompanySettings(body)).preview,
  });

export function useUpdateCompanySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateCompanySettingsRequest) =>
      (
        await apiFetch('/company/settings', {
          method: 'PUT',
          body,
          schema: ZCompanySettingsResponse,
        })
      ).settings,
    onSuccess: async (settings) => {
      client.setQueryData(companySettingsKeys.all, settings);
      // Theme, name and flags show everywhere at once: the signed-in user carries them.
      await client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export const useSendMfaReminders = () =>
  useMutation({
    mutationFn: () =>
      apiFetch('/company/settings/mfa_reminders', {
        method: 'POST',
        schema: ZMfaRemindersResponse,
      }),
  });
