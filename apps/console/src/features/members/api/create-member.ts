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
    // Returned, so the dialog reports the creation once every list on screen shows it.
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      return addToLists(client, user);
    },
  });
}
