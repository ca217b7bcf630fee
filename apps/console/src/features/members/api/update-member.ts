import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints, type TUpdateUserRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** `version`: the member's `updatedAt` as the form read it (a stale one is refused: 409 stale_version). */
export const updateMember = ({
  id,
  body,
  version,
}: {
  id: string;
  body: TUpdateUserRequest;
  version: string;
}) => callEndpoint(memberEndpoints.update, { params: { id }, body, version });

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
