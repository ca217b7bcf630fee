/**
 * The 利用状態 cell of an edit row against the member (docs/design.md §3): 有効 ↔ 利用停止 only. An invited
 * member has no use to stop or resume yet, nobody deactivates themselves, and 招待中 or パスワード再設定待ち
 * is never set by a file (only read back as it was exported).
 */
import { MEMBER_CSV, MEMBER_USE_STATES, MemberStatus } from '@cloudsign/contract';
import type { TBulkCellError } from '@cloudsign/contract';
import type { MemberState } from './member-bulk.repository.ts';

export const USE_STATE_MSG = {
  invited:
    '招待中のメンバーの利用状態は変更できません。利用状態を「招待中」のままにするか、空欄にしてください。',
  toInvited: `利用状態を「${MEMBER_USE_STATES.invited}」にすることはできません。${MEMBER_USE_STATES.active} または ${MEMBER_USE_STATES.deactivated} で入力してください。`,
  toPasswordReset: `利用状態を「${MEMBER_USE_STATES.passwordReset}」にすることはできません。${MEMBER_USE_STATES.active} または ${MEMBER_USE_STATES.deactivated} で入力してください（パスワードの再設定はメンバーの画面から依頼します）。`,
  self: '自分自身は利用停止にできません。',
} as const;

/** The member's status once the row is applied; a refused cell leaves it as it is and adds the error. */
export function nextUseState(
  cur: MemberState,
  p: { id: string | null; useState: number | undefined; errors: TBulkCellError[] },
  uploaderId: string | null,
): number {
  const wanted = p.useState;
  const error = (message: string) => {
    p.errors.push({ column: MEMBER_CSV.status, message });
    return cur.status;
  };
  if (wanted === undefined) return cur.status;
  if (cur.status === MemberStatus.Invalid)
    return wanted === MemberStatus.Invalid ? cur.status : error(USE_STATE_MSG.invited);
  if (wanted === MemberStatus.Invalid) return error(USE_STATE_MSG.toInvited);
  // パスワード再設定待ち is read back as exported; a file cannot ask for it.
  if (wanted === MemberStatus.PasswordReset)
    return cur.status === MemberStatus.PasswordReset
      ? cur.status
      : error(USE_STATE_MSG.toPasswordReset);
  if (wanted === MemberStatus.Deactivated) {
    if (cur.status === MemberStatus.Deactivated) return cur.status;
    return p.id === uploaderId ? error(USE_STATE_MSG.self) : MemberStatus.Deactivated;
  }
  // 有効: 利用再開 of a deactivated member (招待中 again if they never set a password and may use one), else as
  // they are. setUseStates decides the same in SQL.
  if (cur.status !== MemberStatus.Deactivated) return cur.status;
  return cur.hasPassword || cur.isSsoOnly ? MemberStatus.Valid : MemberStatus.Invalid;
}
