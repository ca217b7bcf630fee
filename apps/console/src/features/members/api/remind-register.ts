import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberKeys } from './keys.ts';

/** 登録メールを再送: a new password-setup link; the old one stops working. */
export const remindRegister = (id: string) =>
  callEndpoint(memberEndpoints.remindRegister, { params: { id } });

export function useRemindRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: remindRegister,
    onSuccess: ({ user }) => client.setQueryData(memberKeys.detail(user.id), user),
  });
}
