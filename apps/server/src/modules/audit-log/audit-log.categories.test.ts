import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFindAuditEventsResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { recordAuditEvent } from './audit-log.record.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
  headers = (await signIn(deps, auditor)).headers;
  const actor = { id: auditor.id, name: auditor.name, email: auditor.email };
  for (const action of [
    'auth.signIn',
    'member.created',
    'memberGroup.created',
    'cabinet.created',
    'company.settingsChanged',
  ] as const)
    await recordAuditEvent(deps.database.db, { companyId: company.id, actor, action });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const categoriesOf = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/audit_events?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return [...new Set(res.json<TFindAuditEventsResponse>().events.map((e) => e.category))].sort();
};

describe('操作の種類: several at once', () => {
  it('answers the events of any of the chosen categories, comma-separated or repeated', async () => {
    expect(await categoriesOf('category=member,cabinet')).toEqual(['cabinet', 'member']);
    expect(await categoriesOf('category=member&category=company')).toEqual(['company', 'member']);
    expect(await categoriesOf('category=memberGroup')).toEqual(['memberGroup']);
  });

  it('「ログイン・認証を除く」 leaves out the sign-ins only', async () => {
    const all = await categoriesOf('');
    expect(all).toContain('auth');
    const butAuth = await categoriesOf(
      'category=member,memberGroup,cabinet,document,bulk,auditLog,company',
    );
    expect(butAuth).toEqual(all.filter((c) => c !== 'auth'));
  });

  it('an unknown category answers 400 in words', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/audit_events?category=member,logins',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('操作の種類が正しくありません。');
  });
});
