import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints, type TUpdateUserRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

export const updateMember = ({ id, body }: { id: string; body: TUpdateUserRequest }) =>
  callEndpoint(memberEndpoints.update, { params: { id }, body });

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
