import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** パスワード再設定メールを送る: a 60-minute one-time link; the member's browsers are signed out. */
export const sendPasswordReset = (id: string) =>
  apiFetch(`/users/${id}/password_reset`, { method: 'PUT', schema: ZUserResponse });

export function useSendPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: ({ user }) => {
      client.setQueryData(memberKeys.detail(user.id), user);
      replaceInLists(client, user);
    },
  });
}
