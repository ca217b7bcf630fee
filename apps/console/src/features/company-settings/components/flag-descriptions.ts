import type { TCompanyFlag } from '@cloudsign/contract';

/** One sentence per flag: what switching it on does. */
export const FLAG_DESCRIPTIONS: Record<TCompanyFlag, string> = {
  mfa: 'すべてのメンバーにログイン時の2要素認証を求めます。未設定のメンバーは次回ログイン時に設定画面へ案内されます。',
  documentApproval:
    '書類の送信前に承認を必要にします。メンバーの編集画面とCSVに「承認権限」が表示されます。',
  auditLog: 'メンバーの操作を監査ログに記録し、監査ログ閲覧権限を持つメンバーが閲覧できます。',
  documentImport:
    '紙やほかのサービスで締結した書類をPDFで取り込めます。書類インポート権限を持つメンバーが使えます。',
  bulkDownloadMembers:
    '組織管理権限を持たないメンバーも、書類一覧とキャビネットから閲覧できる書類をZIPでまとめてダウンロードできます。オフのときは組織管理権限を持つメンバーだけが使えます。',
};
