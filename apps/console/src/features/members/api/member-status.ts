import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** 利用停止: the member cannot sign in and is signed out everywhere; nothing of theirs is removed. */
export const deactivateMember = (id: string) =>
  callEndpoint(memberEndpoints.deactivate, { params: { id } });

/** 利用再開: the member signs in again with the same password (or is back to 招待中). */
export const restoreMember = (id: string) =>
  callEndpoint(memberEndpoints.restore, { params: { id } });

function useStatusChange(fn: typeof deactivateMember) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      replaceInLists(client, user);
    },
  });
}

export const useDeactivateMember = () => useStatusChange(deactivateMember);
export const useRestoreMember = () => useStatusChange(restoreMember);
