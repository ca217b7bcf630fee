import { type TDeleteUserResponse, memberLabel } from '@cloudsign/contract';

/** After deletion, who received what, in the server's own counts (not the dialog's earlier read). */
export function deletedMessage(label: string, { transferred: t }: TDeleteUserResponse): string {
  const done = `「${label}」を削除しました。`;
  if (!t) return done;
  const moved = [
    t.cabinets > 0 ? `キャビネット${t.cabinets.toLocaleString('ja-JP')}件の管理者` : '',
    t.documents > 0 ? `書類${t.documents.toLocaleString('ja-JP')}件の送信者` : '',
  ]
    .filter(Boolean)
    .join('と');
  if (!moved) return done;
  return `${done}${moved}を「${memberLabel(t.successor)}」（${t.successor.email}）に引き継ぎました。`;
}
