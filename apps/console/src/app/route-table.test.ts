import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ROUTES } from './route-table.ts';
import { buildRoutes } from './router.tsx';

// Spec §2, in its order, with its route parameters (spec §3: id, manipulation_id, bulk_id).
const SPEC_PATHS = [
  '/cabinets',
  '/cabinets/:id',
  '/member_groups',
  '/member_groups/:id',
  '/company/members',
  '/company/documents',
  '/company/members/export',
  '/company/members/export/:manipulation_id',
  '/company/documents/import',
  '/company/documents/search',
  '/company/members/bulk_add/upload',
  '/company/members/bulk_edit/upload',
  '/company/members/bulk_delete/upload',
  '/company/members/bulk_manipulations',
  '/company/members/bulk_manipulations/:manipulation_id',
  '/company/members/bulk_edit/csv_template',
  '/company/members/bulk_edit/csv_template/:manipulation_id',
  '/company/members/bulk_add/:manipulation_id/preview',
  '/company/members/bulk_edit/:manipulation_id/preview',
  '/company/members/bulk_delete/:manipulation_id/preview',
  '/company/documents/attributes/bulk_edit/upload',
  '/company/documents/attributes/bulk_manipulations',
  '/company/documents/attributes/bulk_edit/:bulk_id/checked_result',
];

// Screens the product added beyond the spec's list (company settings, SSO and its test's return, every
// member's アカウント設定, the audit log, 税務調査対応).
const PRODUCT_PATHS = [
  '/company/settings',
  '/company/provisioning',
  '/company/provisioning/leavers',
  '/company/sso',
  '/sso',
  '/account',
  '/company/tax_audit',
  '/company/audit_log',
];
const SPEC_ROUTES = ROUTES.filter((r) => !PRODUCT_PATHS.includes(r.path));

const byPath = (path: string) => ROUTES.find((r) => r.path === path)!;

describe('route table (spec §2)', () => {
  it('has every route of the spec and no other besides the product screens', () => {
    expect(SPEC_ROUTES.map((r) => r.path)).toEqual(SPEC_PATHS);
    expect(ROUTES.filter((r) => PRODUCT_PATHS.includes(r.path)).map((r) => r.path)).toEqual(
      PRODUCT_PATHS,
    );
  });

  it('keeps SSO設定 for company admins on plans with SSO, at both of its addresses', () => {
    for (const path of ['/company/sso', '/sso']) {
      expect(byPath(path).title).toBe('SSO設定');
      expect(byPath(path).isAdminOnly).toBe(true);
      expect(byPath(path).middleware).toEqual(['auth', 'ssoPlan']);
    }
  });

  it('opens アカウント設定 to every member, in the default layout', () => {
    expect(byPath('/account')).toMatchObject({
      title: 'アカウント設定',
      layout: 'default',
      middleware: ['auth'],
    });
    expect(byPath('/account').isAdminOnly).toBeUndefined();
  });

  it('gives each route its layout', () => {
    expect(byPath('/company/members/export').layout).toBe('no-global-nav-two-columns');
    expect(byPath('/company/members/export/:manipulation_id').layout).toBe('two-columns');
    expect(byPath('/company/documents/import').layout).toBe('no-global-nav');
    expect(byPath('/company/documents/search').layout).toBe('no-global-nav');
    for (const r of ROUTES.filter((r) => r.path.startsWith('/company/members/bulk_')))
      expect(r.layout, r.path).toBe('two-columns');
    for (const p of ['/cabinets', '/member_groups', '/company/members', '/company/documents'])
      expect(byPath(p).layout).toBe('default');
  });

  it('shows the company-admin notice instead of every member-bulk and attribute-bulk page', () => {
    const adminOnly = SPEC_ROUTES.filter((r) => r.isAdminOnly).map((r) => r.path);
    expect(adminOnly).toEqual(
      SPEC_PATHS.filter(
        (p) => p.startsWith('/company/members/') || p.startsWith('/company/documents/attributes/'),
      ),
    );
  });

  it('shows the audit log to holders of 監査ログ閲覧権限 only', () => {
    expect(byPath('/company/audit_log').middleware).toEqual(['auth', 'auditor']);
    expect(ROUTES.filter((r) => r.middleware.includes('auditor')).map((r) => r.path)).toEqual([
      '/company/audit_log',
    ]);
  });

  it('guards every route with auth, the attribute routes with enterprise, and normalises list URLs', () => {
    for (const r of ROUTES) expect(r.middleware[0], r.path).toBe('auth');
    const enterprise = SPEC_ROUTES.filter((r) => r.middleware.includes('enterprise')).map(
      (r) => r.path,
    );
    expect(enterprise).toEqual(
      SPEC_PATHS.filter((p) => p.startsWith('/company/documents/attributes/')),
    );
    expect(byPath('/company/members').middleware).toContain('normalizeMembersUrl');
    expect(byPath('/company/documents').middleware).toContain('normalizeDocumentsUrl');
    expect(byPath('/company/documents/search').middleware).toContain('normalizeDocumentsUrl');
  });

  it('titles the pages as the spec lists them', () => {
    expect(SPEC_ROUTES.map((r) => r.title)).toEqual([
      'キャビネット',
      'キャビネット',
      'メンバーグループ',
      'メンバーグループ',
      'メンバー',
      '書類',
      'メンバーのエクスポート',
      'メンバーのエクスポート',
      '書類のインポート',
      '書類の検索',
      'メンバーの一括追加',
      'メンバーの一括編集',
      'メンバーの一括削除',
      '一括操作の履歴',
      '一括操作の詳細',
      '一括編集用CSVの作成',
      '一括編集用CSVの作成',
      '一括追加の確認',
      '一括編集の確認',
      '一括削除の確認',
      '書類情報の一括編集',
      '書類情報の一括編集の履歴',
      '書類情報の一括編集の確認',
    ]);
  });

  it('builds the router tree with the index redirect and the catch-all', () => {
    const [root] = buildRoutes(new QueryClient());
    const children = root!.children!;
    expect(children[0]!.index).toBe(true);
    expect(children.at(-1)!.children![0]!.path).toBe('*');
  });
});
