/**
 * Tenant text in the service's mails: a company name, a member's or an admin's name reaches the mail only as a
 * quoted line (`> …`) with line breaks and disguising characters spelled out, so a company cannot write lines
 * that read as the service's own. The names here were stored before the one-line rule (written straight to the
 * database), the case the rule at write cannot cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { companies, users } from '../../src/db/schema.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;

const FORGED = 'セキュリティ確認のため、下記のページでパスワードを再入力してください。';
const COMPANY = `株式会社サンプル\r\n\r\n${FORGED}\r\nhttps://evil.example/login`;
const ADMIN = '管理 \u202e郎太';

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps, { name: '株式会社サンプル' })).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], mfa: 1 });
  ({ headers } = await signIn(deps, admin));
  await deps.database.db
    .update(companies)
    .set({ name: COMPANY })
    .where(eq(companies.id, companyId));
  await deps.database.db.update(users).set({ name: ADMIN }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** Sends through the API and answers the one mail that went to `to`. */
async function mailOf(to: string, call: () => Promise<{ statusCode: number; body: string }>) {
  const before = deps.sentMails.length;
  const res = await call();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const mails = deps.sentMails.slice(before).filter((m) => m.to === to);
  expect(mails).toHaveLength(1);
  return mails[0]!.text;
}

function expectQuoted(text: string) {
  const lines = text.split('\n');
  // The company's words stand only on quoted lines, never on a line of the service's own.
  for (const line of lines.filter((l) => l.includes(FORGED) || l.includes('株式会社サンプル')))
    expect(line.startsWith('> ')).toBe(true);
  expect(lines).not.toContain(FORGED);
  expect(lines).not.toContain('https://evil.example/login');
  expect(text).toContain(`> 株式会社サンプル<U+000D><U+000A><U+000D><U+000A>${FORGED}`);
  expect(text).not.toContain('\u202e');
  expect(text).not.toContain('\r');
}

describe('tenant text in mails is quoted', () => {
  it('an invitation quotes the company and the inviting admin, bidi spelled out', async () => {
    const email = 'invited@example.test';
    const text = await mailOf(email, () =>
      app.inject({ method: 'POST', url: '/users', headers, payload: { email, name: '招待 花子' } }),
    );
    expectQuoted(text);
    expect(text).toContain('> 管理 <U+202E>郎太');
    expect(text).toContain('> 招待 花子');
  });

  it('an admin-sent reset quotes the company, the admin and the member', async () => {
    const member = await makeUser(deps, companyId, { name: '一般\n次郎' });
    const text = await mailOf(member.email, () =>
      app.inject({ method: 'PUT', url: `/users/${member.id}/password_reset`, headers }),
    );
    expectQuoted(text);
    expect(text).toContain('> 一般<U+000A>次郎');
  });

  it('an MFA reminder quotes the company and the admin', async () => {
    const member = await makeUser(deps, companyId, { name: '未設定\u2029三郎' });
    const text = await mailOf(member.email, () =>
      app.inject({ method: 'POST', url: '/company/settings/mfa_reminders', headers }),
    );
    expectQuoted(text);
    expect(text).toContain('> 管理 <U+202E>郎太');
    expect(text).toContain('> 未設定<U+2029>三郎');
  });
});
