import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceInLists } from './list-cache.ts';
import { memberKeys } from './keys.ts';

/** 2要素認証をリセット: MFA goes from enabled to disabled (spec §4). */
export const resetMfa = (id: string) => callEndpoint(memberEndpoints.resetMfa, { params: { id } });

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
