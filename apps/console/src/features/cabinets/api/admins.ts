import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceCabinet } from './cache.ts';
import { cabinetKeys } from './keys.ts';

/** `POST` / `DELETE /cabinets/{id}/admins {userIds}` (spec §7). */
export const changeCabinetAdmins = (id: string, method: 'POST' | 'DELETE', userIds: string[]) =>
  callEndpoint(method === 'POST' ? cabinetEndpoints.addAdmins : cabinetEndpoints.removeAdmins, {
    params: { id },
    body: { userIds },
  });

export function useChangeCabinetAdmins(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, userIds }: { method: 'POST' | 'DELETE'; userIds: string[] }) =>
      changeCabinetAdmins(id, method, userIds),
    onSuccess: async ({ cabinet }) => {
      replaceCabinet(client, cabinet);
      await client.invalidateQueries({ queryKey: cabinetKeys.access(id) });
    },
  });
}
