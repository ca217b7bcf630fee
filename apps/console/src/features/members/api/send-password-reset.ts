import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** パスワード再設定メールを送る: a 60-minute one-time link; the member's browsers are signed out. */
export const sendPasswordReset = (id: string) =>
  callEndpoint(memberEndpoints.passwordReset, { params: { id } });

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
