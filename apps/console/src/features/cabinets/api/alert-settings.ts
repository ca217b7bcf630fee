import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_SETTINGS_NEVER_SAVED,
  alertEndpoints,
  type TAlertSettingsRequest,
} from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

const alertKey = (id: string) => [...cabinetKeys.detail(id), 'alert-settings'] as const;

export const useAlertSettings = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: alertKey(id),
      queryFn: async ({ signal }) =>
        (await callEndpoint(alertEndpoints.getSettings, { params: { id }, signal })).settings,
    }),
  );

/** Saved on the version read (never saved: its own version, so a second admin's save on it is refused). */
export function useSaveAlertSettings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: TAlertSettingsRequest; version: string | null }) =>
      (
        await callEndpoint(alertEndpoints.updateSettings, {
          params: { id },
          body: input.body,
          version: input.version ?? ALERT_SETTINGS_NEVER_SAVED,
        })
      ).settings,
    onSuccess: (settings) => client.setQueryData(alertKey(id), settings),
  });
}
