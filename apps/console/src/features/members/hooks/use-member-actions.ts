import { useState } from 'react';
import { memberLabel, type TMemberDetail } from '@cloudsign/contract';
import { useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { useRemindRegister } from '../api/remind-register.ts';
import { useResetMfa } from '../api/reset-mfa.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useDeactivateMember, useRestoreMember } from '../api/member-status.ts';
import type { MemberConfirm } from '../lib/member-confirm.ts';

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : '処理を完了できませんでした。';

/** The drawer's confirmed actions on one member: which confirmation is open, and running it. */
export function useMemberActions(member: TMemberDetail) {
  const drawerAlert = useAlert('drawer');
  const [confirm, setConfirm] = useState<MemberConfirm | null>(null);
  const remind = useRemindRegister();
  const resetMfa = useResetMfa();
  const sendReset = useSendPasswordReset();
  const deactivate = useDeactivateMember();
  const restore = useRestoreMember();
  const label = memberLabel(member);

  /** A confirmation's action: done is said in the drawer; a failure in the dialog, which stays open. */
  const run = async (dialog?: UseAlert) => {
    try {
      if (confirm === 'remind') {
        await remind.mutateAsync(member.id);
        drawerAlert.open(`「${label}」に登録メールを再送しました。`);
      }
      if (confirm === 'mfa') {
        await resetMfa.mutateAsync(member.id);
        drawerAlert.open(`「${label}」の2要素認証をリセットしました。`);
      }
      if (confirm === 'deactivate') {
        await deactivate.mutateAsync(member.id);
        drawerAlert.open(`「${label}」を利用停止にしました。`);
      }
      if (confirm === 'restore') {
        await restore.mutateAsync(member.id);
        drawerAlert.open(`「${label}」の利用を再開しました。`);
      }
      if (confirm === 'reset') {
        await sendReset.mutateAsync(member.id);
        drawerAlert.open(`「${label}」にパスワード再設定メールを送りました。`);
      }
    } catch (error) {
      if (!dialog) drawerAlert.open({ message: errorMessage(error), type: 'error' });
      else {
        dialog.open({ message: errorMessage(error), type: 'error' });
        return;
      }
    }
    setConfirm(null);
  };

  return {
    confirm,
    setConfirm,
    run,
    isDeactivating: deactivate.isPending,
    isRunning:
      remind.isPending ||
      resetMfa.isPending ||
      sendReset.isPending ||
      deactivate.isPending ||
      restore.isPending,
  };
}
