/**
 * The invitation of a member SCIM creates goes out from a job, once, as the member CSV add's do: an IdP's
 * first sync of a large company is never refused for the day's invitation limit (1,000 a company); past it,
 * the members are created 招待中 and their invitations wait for the next day's budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { PASSWORD_SETUP_SUBJECT } from '../../auth/password-setup.ts';
import { MAIL_LIMITS } from '../../auth/mail-limits.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { companyWithToken, postScimUser } from '../../../test/support/scim.world.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const createUser = (secret: string, userName: string) =>
  postScimUser(app, secret, { userName, name: { familyName: '招待', givenName: '太郎' } });
const mailsTo = (email: string) =>
  deps.sentMails.filter((m) => m.to === email && m.subject === PASSWORD_SETUP_SUBJECT);

describe('invitations of members SCIM creates', { timeout: 60_000 }, () => {
  it('mails one invitation naming the token, from a job', async () => {
    const { secret } = await companyWithToken(deps, app);
    const email = 'invited.by.job@example.test';
    expect((await createUser(secret, email)).statusCode).toBe(201);
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(email)[0]!.text).toContain('Entra ID 本番');
    expect(mailsTo(email)[0]!.text).toMatch(/\/password_setup\/[A-Za-z0-9_-]{20,}/);
    // A later run of the job (a retry) finds him invited and mails nothing more.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("creates the member past the company's day of invitations: 201, 招待中, the mail waits", async () => {
    const { companyId, headers, secret } = await companyWithToken(deps, app);
    // The day's budget spent by earlier invitations of the company.
    await deps.database.db.execute(sql`
      insert into mail_sends (company_id, recipient, kind, sent_at)
      select ${companyId}::uuid, 'earlier' || g || '@example.test', 'invitation', now()
      from generate_series(1, ${MAIL_LIMITS.invitation.perCompany}) g`);
    const email = 'past.the.budget@example.test';
    const created = await createUser(secret, email);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ userName: email, active: true });
    const id = created.json<{ id: string }>().id;
    const member = await app.inject({ method: 'GET', url: `/users/${id}`, headers });
    expect(member.json<{ user: { status: number } }>().user.status).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(email)).toEqual([]);
  });
});
