/** A member action the drawer asks about before doing it. */
export type MemberConfirm = 'delete' | 'remind' | 'mfa' | 'reset' | 'deactivate' | 'restore';

export const CONFIRM_TITLES: Record<MemberConfirm, string> = {
  delete: 'メンバーを削除',
  remind: '登録メールを再送',
  mfa: '2要素認証をリセット',
  reset: 'パスワード再設定メールを送る',
  deactivate: 'メンバーを利用停止',
  restore: 'メンバーの利用再開',
};
export const CONFIRM_LABELS: Record<MemberConfirm, string> = {
  delete: '削除する',
  remind: '再送する',
  mfa: 'リセットする',
  reset: '送信する',
  deactivate: '利用停止する',
  restore: '利用再開する',
};

/** What each confirmation says, naming the member and the consequences. */
export function confirmMessage(confirm: MemberConfirm | null, label: string, email: string) {
  switch (confirm) {
    case 'remind':
      return `「${label}」にパスワード設定メールを再送します。以前のリンクは使えなくなります。`;
    case 'reset':
      return `「${label}」（${email}）にパスワード再設定メール（有効期限60分）を送ります。このメンバーはすべてのブラウザでログアウトされます。`;
    case 'mfa':
      return `「${label}」の2要素認証をリセットします。このメンバーはすべてのブラウザでログアウトされ、次回ログイン時に設定し直す必要があります。`;
    case 'restore':
      return `「${label}」（${email}）の利用を再開します。このメンバーは再びログインできるようになります。`;
    default:
      return '';
  }
}
