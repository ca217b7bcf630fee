import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceCabinet } from './cache.ts';
import { cabinetKeys } from './keys.ts';

/** `PUT /cabinets/{id}/member_groups` adds; `DELETE` removes one (spec §7). */
export const addCabinetMemberGroups = (id: string, memberGroupIds: string[]) =>
  callEndpoint(cabinetEndpoints.addMemberGroups, { params: { id }, body: { memberGroupIds } });
export const removeCabinetMemberGroup = (id: string, memberGroupId: string) =>
  callEndpoint(cabinetEndpoints.removeMemberGroup, { params: { id }, body: { memberGroupId } });

/** Applies the difference between the current and the wanted groups, then refreshes who can read. */
export function useSetCabinetMemberGroups(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, remove }: { add: string[]; remove: string[] }) => {
      let last = add.length > 0 ? await addCabinetMemberGroups(id, add) : null;
      for (const groupId of remove) last = await removeCabinetMemberGroup(id, groupId);
      return last;
    },
    onSuccess: async (res) => {
      if (res) replaceCabinet(client, res.cabinet);
      await client.invalidateQueries({ queryKey: cabinetKeys.access(id) });
    },
  });
}
