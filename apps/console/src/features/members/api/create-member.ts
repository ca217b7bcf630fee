import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints, type TCreateUserRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { addToLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

export const createMember = (body: TCreateUserRequest) =>
  callEndpoint(memberEndpoints.create, { body });

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
