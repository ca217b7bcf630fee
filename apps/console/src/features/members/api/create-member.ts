import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse, type TCreateUserRequest } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { addToLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

export const createMember = (body: TCreateUserRequest) =>
  apiFetch('/users', { method: 'POST', body, schema: ZUserResponse });

export function useCreateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      addToLists(client, user);
    },
  });
}
