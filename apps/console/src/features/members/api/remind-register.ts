import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUserResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberKeys } from './keys.ts';

/** 登録メールを再送: a new password-setup link; the old one stops working. */
export const remindRegister = (id: string) =>
  apiFetch(`/users/${id}/remind_register`, { method: 'PUT', schema: ZUserResponse });

export function useRemindRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: remindRegister,
    onSuccess: ({ user }) => client.setQueryData(memberKeys.detail(user.id), user),
  });
}
