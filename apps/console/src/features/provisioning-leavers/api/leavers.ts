import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memberEndpoints,
  provisioningLeaversEndpoints as e,
  type TDecideDeactivationsRequest,
  type TUpdateLeaverSettingsRequest,
} from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const leaverKeys = {
  settings: ['provisioning-leavers', 'settings'] as const,
  queue: ['provisioning-leavers', 'queue'] as const,
  admins: ['provisioning-leavers', 'admins'] as const,
};

export const useLeaverSettings = () =>
  useQuery({
    queryKey: leaverKeys.settings,
    queryFn: async ({ signal }) => (await callEndpoint(e.settings, { signal })).settings,
  });

/** Read afresh each time the page opens: the IdP adds to it at any moment. */
export const useDeactivationQueue = () =>
  useQuery({
    queryKey: leaverKeys.queue,
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => (await callEndpoint(e.queue, { signal })).queue,
  });

/** The members who may be named 移管先: active holders of 組織管理権限. */
export const useCompanyAdmins = () =>
  useQuery({
    queryKey: leaverKeys.admins,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(memberEndpoints.find, {
          query: { page: 1, role: 'CompanyAdmin', status: 1, sort: 'name' },
          signal,
        })
      ).members,
  });

export function useSaveLeaverSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (c: { body: TUpdateLeaverSettingsRequest; version: number }) =>
      (await callEndpoint(e.updateSettings, c)).settings,
    onSuccess: (settings) => {
      client.setQueryData(leaverKeys.settings, settings);
      void client.invalidateQueries({ queryKey: leaverKeys.queue });
    },
  });
}

export function useDecideDeactivations(action: 'apply' | 'cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDecideDeactivationsRequest) => callEndpoint(e[action], { body }),
    onSettled: () => client.invalidateQueries({ queryKey: leaverKeys.queue }),
  });
}
