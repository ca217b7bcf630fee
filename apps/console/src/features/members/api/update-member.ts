import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse, type TUpdateUserRequest } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

export const updateMember = ({ id, body }: { id: string; body: TUpdateUserRequest }) =>
  apiFetch(`/users/${id}`, { method: 'PUT', body, schema: ZUserResponse });

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      replaceInLists(client, user);
    },
  });
}
