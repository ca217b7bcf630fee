import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type H = Record<string, string>;
type Settings = {
  name: string;
  theme: string;
  flags: Record<string, boolean>;
  auditRetentionYears: number;
  version: number;
};
const get = async (headers: H) =>
  (await app.inject({ method: 'GET', url: '/company/settings', headers })).json<{
    settings: Settings;
  }>().settings;
/** A save as the console sends it: the form's `version` in If-Match, the rest as the body (no version: no header). */
const versioned = (headers: H, payload: object) => {
  const { version, ...body } = payload as { version?: number };
  return {
    headers: version === undefined ? headers : { ...headers, 'if-match': ifMatchOf(version) },
    payload: body,
  };
};
const put = (headers: H, payload: object) =>
  app.inject({ method: 'PUT', url: '/company/settings', ...versioned(headers, payload) });
const editable = (s: Settings, over: object = {}) => ({
  name: s.name,
  theme: s.theme,
  flags: s.flags,
  auditRetentionYears: s.auditRetentionYears,
  version: s.version,
  ...over,
});
const events = async (companyId: string) =>
  findEventPage(deps.database.db, { companyId, category: 'company' }, 10);

async function world(over: Parameters<typeof makeCompany>[1] = {}) {
  const company = await makeCompany(deps, { name: '株式会社保存商事', ...over });
  const admin = await makeUser(deps, company.id, {
    name: '管理 太郎',
    email: `admin-${company.id}@example.com`,
    roles: ['CompanyAdmin'],
    mfa: 1,
  });
  await makeUser(deps, company.id, { name: '未設定 花子', mfa: 2 });
  await makeUser(deps, company.id, { name: '監査 次郎', roles: ['CompanyAuditor'], mfa: 1 });
  const { headers } = await signIn(deps, admin);
  return { company, admin, headers };
}

describe('監査ログの保存期間（年） in the company settings', () => {
  it('is shown (5 by default), saved with the version, and the next PUT on the old version is a 409', async () => {
    const w = await world();
    const start = await get(w.headers);
    expect(start).toMatchObject({ auditRetentionYears: 5, version: 0 });
    const res = await put(w.headers, editable(start, { auditRetentionYears: 7 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await get(w.headers)).toMatchObject({ auditRetentionYears: 7, version: 1 });
    expectError(
      await put(w.headers, editable(start, { auditRetentionYears: 10 })),
      'stale_version',
    );
    expect(await get(w.headers)).toMatchObject({ auditRetentionYears: 7, version: 1 });
  });

  it('fewer than 5 years, a fraction or text is a 400 naming the field; nothing changes', async () => {
    const w = await world();
    const start = await get(w.headers);
    const under =
      '「監査ログの保存期間（年）」は5年以上にしてください。監査ログは少なくとも5年保存します。';
    const notInt = '「監査ログの保存期間（年）」は5から20までの整数で入力してください。';
    for (const [value, message] of [
      [4, under],
      [0, under],
      [5.5, notInt],
      ['七', notInt],
      [21, notInt],
    ] as const) {
      const res = await put(w.headers, editable(start, { auditRetentionYears: value }));
      expect([res.statusCode, res.json()], String(value)).toMatchObject([
        400,
        {
          error: { code: 'validation_failed', details: [{ path: 'auditRetentionYears', message }] },
        },
      ]);
    }
    expect(await get(w.headers)).toMatchObject({ auditRetentionYears: 5, version: 0 });
    expect(await events(w.company.id)).toEqual([]);
  });

  it('a plan without the audit log cannot change it (400), and omitting it keeps the period', async () => {
    const w = await world({ plan: 'business', auditLog: false, documentImport: false });
    const start = await get(w.headers);
    const message =
      '「監査ログの保存期間（年）」はエンタープライズプランの機能です。現在のプランでは変更できません。';
    expectError(
      await put(w.headers, editable(start, { auditRetentionYears: 6 })),
      'validation_failed',
      message,
      [{ path: 'auditRetentionYears', message }],
    );
    const { auditRetentionYears: _omitted, ...withoutYears } = editable(start, { name: '改名' });
    expect((await put(w.headers, withoutYears)).statusCode).toBe(200);
    expect(await get(w.headers)).toMatchObject({ name: '改名', auditRetentionYears: 5 });
  });
});

describe('a settings change is recorded (company.settingsChanged) with before → after and the preview', () => {
  it('names the admin, the company, each changed setting and the confirmed counts', async () => {
    const w = await world();
    const start = await get(w.headers);
    const res = await put(
      w.headers,
      editable(start, {
        name: '株式会社保存商事ホールディングス',
        flags: { ...start.flags, mfa: true, auditLog: false },
        auditRetentionYears: 10,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [event, ...others] = await events(w.company.id);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      action: 'company.settingsChanged',
      actorId: w.admin.id,
      actorName: '管理 太郎',
      actorEmail: `admin-${w.company.id}@example.com`,
      targetType: 'company',
      targetId: w.company.id,
      targetName: '株式会社保存商事ホールディングス',
    });
    expect(event!.details).toEqual({
      name: { before: '株式会社保存商事', after: '株式会社保存商事ホールディングス' },
      mfa: { before: false, after: true },
      auditLog: { before: true, after: false },
      auditRetentionYears: { before: 5, after: 10 },
      preview: {
        changes: [
          '企業名: 株式会社保存商事ホールディングス',
          '監査ログの保存期間（年）: 10年',
          '2要素認証を必須にする: オン',
          '監査ログ: オフ',
        ],
        mfaRequired: 1,
        importOff: null,
        auditLogOff: 1,
      },
    });
  });

  it('a PUT that changes nothing records nothing', async () => {
    const w = await world();
    const start = await get(w.headers);
    expect((await put(w.headers, editable(start))).statusCode).toBe(200);
    expect(await events(w.company.id)).toEqual([]);
  });
});

describe('2要素認証の設定のお願い', () => {
  it('records who was asked, by whom, once per sending; nobody to ask records nothing', async () => {
    const { company, admin, headers } = await world({ name: '株式会社お願い商事' });
    const remind = () =>
      app.inject({ method: 'POST', url: '/company/settings/mfa_reminders', headers });
    const [asking] = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.mfa, 2)));
    const res = await remind();
    expect(res.json()).toEqual({ sent: 1, notSent: 0 });
    const page = await events(company.id);
    const asked = page.find((e) => e.action === 'company.mfaRemindersSent');
    expect(asked).toMatchObject({
      actorId: admin.id,
      targetType: 'company',
      targetId: company.id,
      targetName: '株式会社お願い商事',
      details: {
        count: 1,
        members: [{ id: asking!.id, name: '未設定 花子' }],
      },
    });
    await deps.database.db.update(users).set({ mfa: 1 }).where(eq(users.companyId, company.id));
    expect((await remind()).json()).toEqual({ sent: 0, notSent: 0 });
    const after = (await events(company.id)).filter((e) => e.action === 'company.mfaRemindersSent');
    expect(after).toHaveLength(1);
  });
});

describe('the same company settings saved again (issue 30)', () => {
  it('change nothing: same version and 更新日時, no event, and another admin’s open form stays valid', async () => {
    const w = await world();
    const start = await app.inject({ method: 'GET', url: '/company/settings', headers: w.headers });
    const before = start.json<{ settings: Settings & { updatedAt: string } }>().settings;
    const res = await put(w.headers, editable(before));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ settings: Settings & { updatedAt: string } }>().settings).toEqual(before);
    expect(await events(w.company.id)).toEqual([]);
    // Another admin who opened the form at the same version can still save his change.
    const other = await put(
      w.headers,
      editable(before, { name: '株式会社保存商事ホールディングス' }),
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(await get(w.headers)).toMatchObject({
      name: '株式会社保存商事ホールディングス',
      version: before.version + 1,
    });
    expect(await events(w.company.id)).toHaveLength(1);
  });

  it('a version-less save is refused (428, as every save without If-Match) and changes nothing', async () => {
    const w = await world();
    const before = await get(w.headers);
    const { version: _, ...body } = editable(before, { name: '版なしで保存' });
    expectError(await put(w.headers, body), 'version_required');
    expect(await get(w.headers)).toEqual(before);
  });

  it('a version in the body is no longer read: it is refused as an unknown field', async () => {
    const w = await world();
    const before = await get(w.headers);
    const res = await app.inject({
      method: 'PUT',
      url: '/company/settings',
      headers: { ...w.headers, 'if-match': ifMatchOf(before.version) },
      payload: editable(before, { name: '本文に版' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('指定できない項目が含まれています: version');
    expect(await get(w.headers)).toEqual(before);
  });
});
