import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { companies, users } from '../../db/schema.ts';
import { MFA_REMINDER_SUBJECT } from './mfa-reminder-mail.ts';

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
const get = (headers: H) => app.inject({ method: 'GET', url: '/company/settings', headers });
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
const preview = (headers: H, payload: object) =>
  app.inject({ method: 'POST', url: '/company/settings/preview', ...versioned(headers, payload) });

async function world(over: Parameters<typeof makeCompany>[1] = {}) {
  const company = await makeCompany(deps, { name: '株式会社サンプル商事', ...over });
  const admin = await makeUser(deps, company.id, {
    name: '管理 太郎',
    roles: ['CompanyAdmin'],
    mfa: 1,
  });
  const importer = await makeUser(deps, company.id, {
    name: '取込 花子',
    roles: ['DocumentImporter'],
    mfa: 1,
  });
  const auditor = await makeUser(deps, company.id, {
    name: '監査 次郎',
    roles: ['CompanyAuditor'],
  });
  const plain = await makeUser(deps, company.id, { name: '一般 三郎' });
  const { headers } = await signIn(deps, admin);
  return { company, admin, importer, auditor, plain, headers };
}

const body = (s: { name: string; theme: string; flags: object; version: number }, over = {}) => ({
  name: s.name,
  theme: s.theme,
  flags: s.flags,
  version: s.version,
  ...over,
});

describe('GET /company/settings', () => {
  it('answers name, plan, theme, the flags as booleans, what the plan allows and the version', async () => {
    const w = await world();
    const res = await get(w.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        companyId: w.company.id,
        name: '株式会社サンプル商事',
        plan: 'enterprise',
        theme: 'cloudsign',
        flags: {
          mfa: false,
          documentApproval: true,
          auditLog: true,
          documentImport: true,
          bulkDownloadMembers: false,
        },
        availableFlags: [
          'mfa',
          'documentApproval',
          'auditLog',
          'documentImport',
          'bulkDownloadMembers',
        ],
        auditRetentionYears: 5,
        ssoEnabled: false,
        version: 0,
        updatedAt: expect.any(String) as unknown,
      },
    });
  });

  it('is refused to a member without 組織管理権限 (403)', async () => {
    const w = await world();
    const { headers } = await signIn(deps, w.importer);
    expectError(await get(headers), 'forbidden');
  });

  it('a business plan lists only the flags it includes', async () => {
    const w = await world({ plan: 'business', auditLog: false, documentImport: false });
    const res = await get(w.headers);
    expect(res.json<{ settings: { availableFlags: string[] } }>().settings.availableFlags).toEqual([
      'mfa',
      'documentApproval',
      'bulkDownloadMembers',
    ]);
  });
});

describe('PUT /company/settings', () => {
  it('saves every field, bumps the version, and the theme reaches /me and every member', async () => {
    const w = await world();
    const current = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>()
      .settings;
    const res = await put(
      w.headers,
      body(current, {
        name: '株式会社サンプル商事ホールディングス',
        theme: 'smbc-cloudsign',
        flags: { mfa: true, documentApproval: false, auditLog: false, documentImport: false },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      settings: {
        name: '株式会社サンプル商事ホールディングス',
        theme: 'smbc-cloudsign',
        flags: { mfa: true, documentApproval: false, auditLog: false, documentImport: false },
        version: 1,
      },
    });
    const [row] = await deps.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, w.company.id));
    expect([row!.mfa, row!.documentApproval, row!.auditLog, row!.documentImport]).toEqual([
      2,
      0,
      false,
      false,
    ]);
    const me = await app.inject({ method: 'GET', url: '/me', headers: w.headers });
    expect(me.json()).toMatchObject({
      user: { theme: 'smbc-cloudsign', company: { mfa: 2, documentImport: false } },
    });
    const themes = await deps.database.db
      .select({ theme: users.theme })
      .from(users)
      .where(eq(users.companyId, w.company.id));
    expect(new Set(themes.map((t) => t.theme))).toEqual(new Set(['smbc-cloudsign']));
  });

  it('two admins editing the same version: the second gets 409 and nothing of theirs is written', async () => {
    const w = await world();
    const other = await makeUser(deps, w.company.id, { roles: ['CompanyAdmin'] });
    const { headers: otherHeaders } = await signIn(deps, other);
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    const [a, b] = await Promise.all([
      put(w.headers, body(start, { name: '先に保存した名前' })),
      put(otherHeaders, body(start, { name: '後から保存した名前' })),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winnerName = a.statusCode === 200 ? '先に保存した名前' : '後から保存した名前';
    expectError(loser, 'stale_version');
    const now = (await get(w.headers)).json<{ settings: { name: string; version: number } }>();
    expect(now.settings).toMatchObject({ name: winnerName, version: 1 });
  });

  it('a flag the plan lacks cannot be switched on (400 naming it), and nothing is written', async () => {
    const w = await world({ plan: 'business', auditLog: false, documentImport: false });
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    const message =
      '「監査ログ」はエンタープライズプランの機能です。現在のプランでは変更できません。';
    expectError(
      await put(
        w.headers,
        body(start, {
          name: '変わらない',
          flags: { mfa: false, documentApproval: true, auditLog: true, documentImport: false },
        }),
      ),
      'validation_failed',
      message,
      [{ path: 'flags.auditLog', message }],
    );
    const now = (await get(w.headers)).json<{ settings: { name: string; version: number } }>();
    expect(now.settings).toMatchObject({ name: '株式会社サンプル商事', version: 0 });
  });

  it('bad input: empty name, unknown theme, a missing flag, an extra key are 400 with Japanese messages', async () => {
    const w = await world();
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    const empty = await put(w.headers, body(start, { name: '  ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: { details: [{ path: 'name', message: '企業名を入力してください。' }] },
    });
    const theme = await put(w.headers, body(start, { theme: 'dark' }));
    expect(theme.json()).toMatchObject({
      error: {
        details: [
          {
            path: 'theme',
            message: 'テーマは cloudsign または smbc-cloudsign を指定してください。',
          },
        ],
      },
    });
    const flag = await put(
      w.headers,
      body(start, {
        flags: { mfa: 'yes', documentApproval: true, auditLog: true, documentImport: true },
      }),
    );
    expect(flag.json()).toMatchObject({
      error: {
        details: [
          {
            path: 'flags.mfa',
            message: '「2要素認証を必須にする」はオンまたはオフで指定してください。',
          },
        ],
      },
    });
    const extra = await put(w.headers, { ...body(start), plan: 'enterprise' });
    expect(extra.statusCode).toBe(400);
    expect((await get(w.headers)).json()).toMatchObject({ settings: { version: 0 } });
  });

  it('is refused to a member without 組織管理権限 before the body is read (403)', async () => {
    const w = await world();
    const { headers } = await signIn(deps, w.plain);
    expectError(await put(headers, { nonsense: true }), 'forbidden');
  });

  // The company name is printed into mails from the service's sender: a line break would let it write lines
  // of its own, a bidi control would make it read as something else.
  it.each([
    [
      '株式会社サンプル\r\n\r\nパスワードの再入力が必要です',
      '企業名に改行は使えません。1行で入力してください。',
    ],
    ['株式会社サンプル\u2028重要なお知らせ', '企業名に改行は使えません。1行で入力してください。'],
    ['株式会社\u202eクッリテ', '企業名に、表示を偽装できる見えない文字（U+202E）は使えません。'],
    ['株式会社\u0007サンプル', '企業名に制御文字（U+0007）は使えません。'],
  ])('a name with %j is a 400 naming the field, and nothing changes', async (name, message) => {
    const w = await world();
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    const res = await put(w.headers, body(start, { name }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { details: [{ path: 'name', message }] } });
    expect(await preview(w.headers, body(start, { name }))).toMatchObject({ statusCode: 400 });
    expect((await get(w.headers)).json()).toMatchObject({
      settings: { name: '株式会社サンプル商事', version: 0 },
    });
  });
});

describe('POST /company/settings/preview', () => {
  it('names who is affected by MFA-required, import off and audit log off; nothing is written', async () => {
    const w = await world();
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    const res = await preview(
      w.headers,
      body(start, {
        flags: { mfa: true, documentApproval: true, auditLog: false, documentImport: false },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const who = (u: { id: string; name: string; email: string }) => ({
      id: u.id,
      name: u.name,
      email: u.email,
    });
    expect(res.json()).toEqual({
      preview: {
        changes: ['2要素認証を必須にする: オン', '監査ログ: オフ', '書類インポート: オフ'],
        mfaRequired: { count: 2, members: [who(w.plain), who(w.auditor)] },
        importOff: { count: 1, members: [who(w.importer)] },
        // Only 監査ログ閲覧権限 reads the log (a company admin without it never did).
        auditLogOff: { count: 1, members: [who(w.auditor)] },
      },
    });
    expect((await get(w.headers)).json()).toMatchObject({
      settings: { version: 0, flags: { mfa: false, auditLog: true, documentImport: true } },
    });
  });

  it('an out-of-date version is already a 409 at preview', async () => {
    const w = await world();
    const start = (await get(w.headers)).json<{ settings: Parameters<typeof body>[0] }>().settings;
    expectError(await preview(w.headers, body(start, { version: 5 })), 'stale_version');
  });
});

describe('POST /company/settings/mfa_reminders', () => {
  it('mails each member without MFA, naming the company and the admin', async () => {
    const w = await world();
    const before = deps.sentMails.length;
    const res = await app.inject({
      method: 'POST',
      url: '/company/settings/mfa_reminders',
      headers: w.headers,
    });
    expect(res.json()).toEqual({ sent: 2, notSent: 0 });
    const mails = deps.sentMails.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([w.auditor.email, w.plain.email].sort());
    expect(mails[0]!.subject).toBe(MFA_REMINDER_SUBJECT);
    expect(mails[0]!.text).toContain('企業名:\n> 株式会社サンプル商事\n');
    expect(mails[0]!.text).toContain('お願いした管理者:\n> 管理 太郎\n');
    expect(mails[0]!.text).toContain('お心当たりがない場合');
  });
});
