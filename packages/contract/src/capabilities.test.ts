import { describe, expect, it } from 'vitest';
import {
  canConfigureSso,
  canImportDocuments,
  canUseDocumentAttributeBulk,
  rolesShownFor,
} from './capabilities.ts';
import type { TCurrentUser } from './me.ts';

const user = (
  roles: TCurrentUser['roles'],
  company: Partial<TCurrentUser['company']>,
): TCurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: '管理 花子',
  email: 'hanako@example.test',
  status: 1,
  organization: '',
  roles,
  mfa: 2,
  theme: 'cloudsign',
  company: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'A社',
    plan: 'enterprise',
    documentApproval: 1,
    auditLog: true,
    documentImport: true,
    isEnabledFederatedIdentity: false,
    mfa: 1,
    ...company,
  },
});

describe('canImportDocuments: the server import rule', () => {
  it.each([
    ['company admin, flag on', ['CompanyAdmin'], true, true],
    ['importer, flag on', ['DocumentImporter'], true, true],
    ['plain member, flag on', [], true, false],
    ['company admin, flag off (business demo company)', ['CompanyAdmin'], false, false],
    ['importer, flag off', ['DocumentImporter'], false, false],
  ] as const)('%s', (_name, roles, documentImport, expected) => {
    expect(canImportDocuments(user([...roles], { documentImport }))).toBe(expected);
  });

  it.each(['free', 'light', 'corporate', 'business'] as const)(
    'a %s plan does not include import, even with the flag left on',
    (plan) => {
      expect(canImportDocuments(user(['CompanyAdmin'], { plan, documentImport: true }))).toBe(
        false,
      );
    },
  );
});

describe('canUseDocumentAttributeBulk: enterprise plan and company admin', () => {
  it('needs both', () => {
    expect(canUseDocumentAttributeBulk(user(['CompanyAdmin'], {}))).toBe(true);
    expect(canUseDocumentAttributeBulk(user(['CompanyAdmin'], { plan: 'business' }))).toBe(false);
    expect(canUseDocumentAttributeBulk(user(['DocumentImporter'], {}))).toBe(false);
  });
});

describe('canConfigureSso: SSO設定 for company admins on plans with SSO', () => {
  it.each([
    ['enterprise', true],
    ['business', true],
    ['corporate', false],
    ['light', false],
    ['free', false],
  ] as const)('a company admin on %s: %s', (plan, expected) => {
    expect(canConfigureSso(user(['CompanyAdmin'], { plan }))).toBe(expected);
  });

  it('never for a member without 組織管理権限', () => {
    expect(canConfigureSso(user(['CompanyApprover'], { plan: 'enterprise' }))).toBe(false);
  });
});

describe('rolesShownFor: 承認権限 only while document approval is on', () => {
  it('shows every privilege with approval on, all but 承認権限 with it off', () => {
    expect(rolesShownFor(user([], { documentApproval: 1 }))).toEqual([
      'CompanyAdmin',
      'CompanyApprover',
      'CompanyAuditor',
      'DocumentImporter',
      'TemplateSharer',
    ]);
    expect(rolesShownFor(user([], { documentApproval: 0 }))).toEqual([
      'CompanyAdmin',
      'CompanyAuditor',
      'DocumentImporter',
      'TemplateSharer',
    ]);
  });
});
