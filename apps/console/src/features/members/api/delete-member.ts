import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOk } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { removeFromLists } from './list-cache.ts';

export const deleteMember = (id: string) =>
  apiFetch(`/users/${id}`, { method: 'DELETE', schema: ZOk });

export function useDeleteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: (_data, id) => removeFromLists(client, id),
  });
}
