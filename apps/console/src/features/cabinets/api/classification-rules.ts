import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceCabinet } from './cache.ts';
import { cabinetKeys } from './keys.ts';

export const dryRunRule = (id: string, memberGroupIds: string[]) =>
  callEndpoint(cabinetEndpoints.dryRunRules, { params: { id }, body: { memberGroupIds } });
export const addRules = (id: string, memberGroupIds: string[], backfill: boolean) =>
  callEndpoint(cabinetEndpoints.addRules, { params: { id }, body: { memberGroupIds, backfill } });
export const removeRules = (id: string, memberGroupIds: string[]) =>
  callEndpoint(cabinetEndpoints.removeRules, { params: { id }, body: { memberGroupIds } });
export const findBackfills = (id: string, signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.backfills, { params: { id }, signal });

export const useDryRun = (id: string) =>
  useMutation({ mutationFn: (groupIds: string[]) => dryRunRule(id, groupIds) });

export function useChangeRules(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      add,
      remove,
      backfill,
    }: {
      add: string[];
      remove: string[];
      backfill: boolean;
    }) => {
      let last = add.length > 0 ? await addRules(id, add, backfill) : null;
      if (remove.length > 0) last = await removeRules(id, remove);
      return last;
    },
    onSuccess: async (res) => {
      if (res) replaceCabinet(client, res.cabinet);
      await client.invalidateQueries({ queryKey: cabinetKeys.backfills(id) });
    },
  });
}

/** Backfill runs of the cabinet; polled while one is still running, then the cabinet's counts refresh. */
export function useBackfills(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: cabinetKeys.backfills(id),
      queryFn: async ({ signal }) => (await findBackfills(id, signal)).backfills,
      enabled,
      refetchInterval: (q) =>
        q.state.data?.some((b) => b.state === 'queued' || b.state === 'running') ? 1000 : false,
    }),
  );
}
