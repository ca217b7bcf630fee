import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { passwordSetupTokens, sessions } from '../../db/schema.ts';
import { PASSWORD_RESET_SUBJECT } from '../../auth/password-reset.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps, { name: '株式会社サンプル商事' })).id;
  otherCompanyId = (await makeCompany(deps, { name: '他社' })).id;
  const admin = await makeUser(deps, companyId, { name: '管理 太郎', roles: ['CompanyAdmin'] });
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const send = (id: string) =>
  app.inject({ method: 'PUT', url: `/users/${id}/password_reset`, headers });

describe('PUT /users/{id}/password_reset', () => {
  it('mails a 60-minute link naming the company and the admin, and signs the member out everywhere', async () => {
    const member = await makeUser(deps, companyId, { name: '一般 花子' });
    await signIn(deps, member);
    const res = await send(member.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: member.id } });
    const mail = deps.sentMails.at(-1)!;
    expect(mail.to).toBe(member.email);
    expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
    expect(mail.text).toContain('企業の管理者が、あなたのパスワードの再設定を依頼しました。');
    expect(mail.text).toContain('企業名:\n> 株式会社サンプル商事\n依頼した管理者:\n> 管理 太郎\n');
    expect(mail.text).toMatch(/\/password_reset\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('発行から60分間・1回限り');
    expect(mail.text).toContain('お心当たりがない場合');
    const left = await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, member.id));
    expect(left).toEqual([]);
    const links = await deps.database.db
      .select({ purpose: passwordSetupTokens.purpose })
      .from(passwordSetupTokens)
      .where(eq(passwordSetupTokens.userId, member.id));
    expect(links).toEqual([{ purpose: 'reset' }]);
  });

  it('an invited member is told to get the invitation again (409)', async () => {
    const invited = await makeUser(deps, companyId, { status: 0 });
    expectError(
      await send(invited.id),
      'invalid_state',
      'このメンバーはまだパスワードを設定していません。登録メールを再送してください。',
    );
  });

  it("another company's member is 404 and gets no mail", async () => {
    const foreign = await makeUser(deps, otherCompanyId);
    const before = deps.sentMails.length;
    expectError(await send(foreign.id), 'not_found');
    expect(deps.sentMails.length).toBe(before);
  });
});
