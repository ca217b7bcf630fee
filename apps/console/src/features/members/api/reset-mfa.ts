import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** 2要素認証をリセット: MFA goes from enabled to disabled (spec §4). */
export const resetMfa = (id: string) =>
  apiFetch(`/users/${id}/mfa`, { method: 'DELETE', schema: ZUserResponse });

export function useResetMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetMfa,
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      replaceInLists(client, user);
    },
  });
}
