import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** 利用停止: the member cannot sign in and is signed out everywhere; nothing of theirs is removed. */
export const deactivateMember = (id: string) =>
  apiFetch(`/users/${id}/deactivate`, { method: 'PUT', schema: ZUserResponse });

/** 利用再開: the member signs in again with the same password (or is back to 招待中). */
export const restoreMember = (id: string) =>
  apiFetch(`/users/${id}/restore`, { method: 'PUT', schema: ZUserResponse });

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
