/** Spec §2's screens with the layout and title the shell must give them. */
export type ExpectedRoute = {
  path: string;
  title: string;
  layout: string;
  param?: 'cabinet' | 'group' | 'manipulation';
};

export const SPEC_ROUTES: readonly ExpectedRoute[] = [
  { path: '/cabinets', title: 'キャビネット', layout: 'default' },
  { path: '/cabinets/{id}', title: '', layout: 'default', param: 'cabinet' },
  { path: '/member_groups', title: 'メンバーグループ', layout: 'default' },
  { path: '/member_groups/{id}', title: '', layout: 'default', param: 'group' },
  { path: '/company/members', title: 'メンバー', layout: 'default' },
  { path: '/company/documents', title: '書類', layout: 'default' },
  {
    path: '/company/members/export',
    title: 'メンバーのエクスポート',
    layout: 'no-global-nav-two-columns',
  },
  {
    path: '/company/members/export/{id}',
    title: 'メンバーのエクスポート',
    layout: 'two-columns',
    param: 'manipulation',
  },
  { path: '/company/documents/import', title: '書類のインポート', layout: 'no-global-nav' },
  { path: '/company/documents/search', title: '書類の検索', layout: 'no-global-nav' },
  { path: '/company/members/bulk_add/upload', title: 'メンバーの一括追加', layout: 'two-columns' },
  { path: '/company/members/bulk_edit/upload', title: 'メンバーの一括編集', layout: 'two-columns' },
  {
    path: '/company/members/bulk_delete/upload',
    title: 'メンバーの一括削除',
    layout: 'two-columns',
  },
  { path: '/company/members/bulk_manipulations', title: '一括操作の履歴', layout: 'two-columns' },
  {
    path: '/company/members/bulk_manipulations/{id}',
    title: '一括操作の詳細',
    layout: 'two-columns',
    param: 'manipulation',
  },
  {
    path: '/company/members/bulk_edit/csv_template',
    title: '一括編集用CSVの作成',
    layout: 'two-columns',
  },
  {
    path: '/company/members/bulk_edit/csv_template/{id}',
    title: '一括編集用CSVの作成',
    layout: 'two-columns',
    param: 'manipulation',
  },
  {
    path: '/company/members/bulk_add/{id}/preview',
    title: '一括追加の確認',
    layout: 'two-columns',
    param: 'manipulation',
  },
  {
    path: '/company/members/bulk_edit/{id}/preview',
    title: '一括編集の確認',
    layout: 'two-columns',
    param: 'manipulation',
  },
  {
    path: '/company/members/bulk_delete/{id}/preview',
    title: '一括削除の確認',
    layout: 'two-columns',
    param: 'manipulation',
  },
  {
    path: '/company/documents/attributes/bulk_edit/upload',
    title: '書類情報の一括編集',
    layout: 'default',
  },
  {
    path: '/company/documents/attributes/bulk_manipulations',
    title: '書類情報の一括編集の履歴',
    layout: 'default',
  },
  {
    path: '/company/documents/attributes/bulk_edit/{id}/checked_result',
    title: '書類情報の一括編集の確認',
    layout: 'default',
    param: 'manipulation',
  },
];

/** Layouts with the global navigation / the member-bulk sub-navigation. */
export const HAS_GLOBAL_NAV = new Set(['default', 'two-columns']);
export const HAS_SUB_NAV = new Set(['two-columns', 'no-global-nav-two-columns']);
