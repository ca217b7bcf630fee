import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { removeFromLists } from './list-cache.ts';

/** `DELETE /users/{id}`; the successor (移管先) takes over the member's cabinets and documents. */
export const deleteMember = ({ id, successorId }: { id: string; successorId?: string }) =>
  callEndpoint(memberEndpoints.delete, {
    params: { id },
    query: successorId ? { successorId } : {},
  });

export function useDeleteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: async (_data, { id }) => {
      // Cabinets and documents changed hands: whatever other page shows them reads them again.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'members' });
      await removeFromLists(client, id);
    },
  });
}
