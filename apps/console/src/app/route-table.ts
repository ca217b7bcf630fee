import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchable } from '../lib/prefetch.ts';
import type { MiddlewareName } from './middleware/index.ts';

export type RouteModule = {
  Component: ComponentType;
  /**
   * The page's first reads for this URL, started by the router as soon as the chunk is here, beside the
   * user check, so the rows do not wait for `/me` and then for the page to render (a request waterfall).
   */
  preload?: (queryClient: QueryClient, url: URL) => void;
};
export type RouteLayout = 'default' | 'no-global-nav' | 'two-columns' | 'no-global-nav-two-columns';

export type RouteDef = {
  path: string;
  title: string;
  layout: RouteLayout;
  middleware: readonly MiddlewareName[];
  /** Company admins only: anyone else gets the 組織管理権限 notice instead of the page. */
  isAdminOnly?: boolean;
  /**
   * The site renders this page's first screen (entry-server.tsx) so its rows show before any script ran.
   * Only for pages whose reads all start in `preload` and whose render touches no browser-only API.
   */
  isServerRendered?: boolean;
  module: ReturnType<typeof m>;
};

/** Every page module, each its own chunk: the site finds a route's chunks in Vite's manifest by `file`. */
const PAGES = import.meta.glob<RouteModule>('./routes/*.tsx');
/** A page module of routes/, with its file as Vite's manifest names it. */
const m = (name: string) => {
  const importer = PAGES[`./routes/${name}`];
  if (!importer) throw new Error(`route-table.ts: routes/${name} がありません。`);
  return { ...prefetchable(importer), file: `src/app/routes/${name}` };
};
const AUTH = ['auth'] as const;
const ENTERPRISE = ['auth', 'enterprise'] as const;
const SSO = ['auth', 'ssoPlan'] as const;

/**
 * Every screen of spec §2 with its layout, middleware and title. Route params are named as in the
 * spec (`id`, `manipulation_id`, `bulk_id`) and must be UUIDs: anything else is a fatal 404 (spec §5).
 */
export const ROUTES: readonly RouteDef[] = [
  {
    path: '/cabinets',
    title: 'キャビネット',
    layout: 'default',
    middleware: AUTH,
    isServerRendered: true,
    module: m('cabinets-page.tsx'),
  },
  {
    path: '/cabinets/:id',
    title: 'キャビネット',
    layout: 'default',
    middleware: AUTH,
    module: m('cabinet-detail-page.tsx'),
  },
  {
    path: '/member_groups',
    title: 'メンバーグループ',
    layout: 'default',
    middleware: AUTH,
    isServerRendered: true,
    module: m('member-groups-page.tsx'),
  },
  {
    path: '/member_groups/:id',
    title: 'メンバーグループ',
    layout: 'default',
    middleware: AUTH,
    module: m('member-group-detail-page.tsx'),
  },
  {
    path: '/company/members',
    title: 'メンバー',
    layout: 'default',
    middleware: ['auth', 'normalizeMembersUrl'],
    isServerRendered: true,
    module: m('members-page.tsx'),
  },
  {
    path: '/company/settings',
    title: '企業設定',
    layout: 'default',
    middleware: AUTH,
    module: m('company-settings-page.tsx'),
  },
  {
    // 企業設定 › プロビジョニング (issue 34): the SCIM base URL, tokens and the provisioning log.
    path: '/company/provisioning',
    title: 'プロビジョニング',
    layout: 'default',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('provisioning-page.tsx'),
  },
  {
    // Leavers from provisioning (issue 34): the held deactivations and who takes over what a leaver held.
    path: '/company/provisioning/leavers',
    title: '退職者の引き継ぎ',
    layout: 'default',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('provisioning-leavers-page.tsx'),
  },
  {
    path: '/company/sso',
    title: 'SSO設定',
    layout: 'default',
    middleware: SSO,
    isAdminOnly: true,
    module: m('sso-page.tsx'),
  },
  {
    // Where the site's connection test returns (`/sso?test=done`): the settings page with the result.
    path: '/sso',
    title: 'SSO設定',
    layout: 'default',
    middleware: SSO,
    isAdminOnly: true,
    module: m('sso-return-page.tsx'),
  },
  {
    // Every member's own account (issue 32), reached from the user menu.
    path: '/account',
    title: 'アカウント設定',
    layout: 'default',
    middleware: AUTH,
    module: m('account-page.tsx'),
  },
  {
    // 税務調査対応 (issue 35): a 課税期間's documents, the law's search requirements and the pack's ZIP.
    path: '/company/tax_audit',
    title: '税務調査対応',
    layout: 'default',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('tax-audit-page.tsx'),
  },
  {
    path: '/company/audit_log',
    title: '監査ログ',
    layout: 'default',
    middleware: ['auth', 'auditor'],
    isServerRendered: true,
    module: m('audit-log-page.tsx'),
  },
  {
    path: '/company/documents',
    title: '書類',
    layout: 'default',
    middleware: ['auth', 'normalizeDocumentsUrl'],
    isServerRendered: true,
    module: m('documents-page.tsx'),
  },
  {
    path: '/company/members/export',
    title: 'メンバーのエクスポート',
    layout: 'no-global-nav-two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('members-export-page.tsx'),
  },
  {
    path: '/company/members/export/:manipulation_id',
    title: 'メンバーのエクスポート',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('members-export-detail-page.tsx'),
  },
  {
    path: '/company/documents/import',
    title: '書類のインポート',
    layout: 'no-global-nav',
    middleware: AUTH,
    module: m('documents-import-page.tsx'),
  },
  {
    path: '/company/documents/search',
    title: '書類の検索',
    layout: 'no-global-nav',
    middleware: ['auth', 'normalizeDocumentsUrl'],
    module: m('documents-search-page.tsx'),
  },
  {
    path: '/company/members/bulk_add/upload',
    title: 'メンバーの一括追加',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-add-upload-page.tsx'),
  },
  {
    path: '/company/members/bulk_edit/upload',
    title: 'メンバーの一括編集',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-edit-upload-page.tsx'),
  },
  {
    path: '/company/members/bulk_delete/upload',
    title: 'メンバーの一括削除',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-delete-upload-page.tsx'),
  },
  {
    path: '/company/members/bulk_manipulations',
    title: '一括操作の履歴',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    isServerRendered: true,
    module: m('member-bulk-manipulations-page.tsx'),
  },
  {
    path: '/company/members/bulk_manipulations/:manipulation_id',
    title: '一括操作の詳細',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-manipulation-detail-page.tsx'),
  },
  {
    path: '/company/members/bulk_edit/csv_template',
    title: '一括編集用CSVの作成',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-edit-template-page.tsx'),
  },
  {
    path: '/company/members/bulk_edit/csv_template/:manipulation_id',
    title: '一括編集用CSVの作成',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-edit-template-detail-page.tsx'),
  },
  {
    path: '/company/members/bulk_add/:manipulation_id/preview',
    title: '一括追加の確認',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-add-preview-page.tsx'),
  },
  {
    path: '/company/members/bulk_edit/:manipulation_id/preview',
    title: '一括編集の確認',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-edit-preview-page.tsx'),
  },
  {
    path: '/company/members/bulk_delete/:manipulation_id/preview',
    title: '一括削除の確認',
    layout: 'two-columns',
    middleware: AUTH,
    isAdminOnly: true,
    module: m('member-bulk-delete-preview-page.tsx'),
  },
  {
    path: '/company/documents/attributes/bulk_edit/upload',
    title: '書類情報の一括編集',
    layout: 'default',
    middleware: ENTERPRISE,
    isAdminOnly: true,
    module: m('document-attribute-bulk-edit-upload-page.tsx'),
  },
  {
    path: '/company/documents/attributes/bulk_manipulations',
    title: '書類情報の一括編集の履歴',
    layout: 'default',
    middleware: ENTERPRISE,
    isAdminOnly: true,
    isServerRendered: true,
    module: m('document-attribute-bulk-manipulations-page.tsx'),
  },
  {
    path: '/company/documents/attributes/bulk_edit/:bulk_id/checked_result',
    title: '書類情報の一括編集の確認',
    layout: 'default',
    middleware: ENTERPRISE,
    isAdminOnly: true,
    module: m('document-attribute-bulk-edit-result-page.tsx'),
  },
];

export const NOT_FOUND_MODULE = m('not-found-page.tsx');

/** Route parameter names of spec §3. */
export const ROUTE_PARAMS = ['id', 'manipulation_id', 'bulk_id'] as const;
