/**
 * Daily limits on the mails the service sends for a company (auth/mail-limits.ts): invitations and MFA reminders,
 * per recipient and per company, per JST day. A company's spent budget is written straight into mail_sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { mailSends, users } from '../../src/db/schema.ts';
import { MAIL_LIMITS, INVITATION_LIMIT_MESSAGES } from '../../src/auth/mail-limits.ts';
import { REMINDERS_DONE_TODAY } from '../../src/modules/company-settings/company-settings.service.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { expectError } from '../support/error-body.ts';

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

async function world() {
  const company = await makeCompany(deps, { name: '株式会社送信' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'], mfa: 1 });
  const { headers } = await signIn(deps, admin);
  return { company, admin, headers };
}

/** The company has spent `n` of today's `kind` budget (on other addresses). */
async function spend(companyId: string, kind: 'invitation' | 'mfaReminder', n: number) {
  await deps.database.db.insert(mailSends).values(
    Array.from({ length: n }, (_, i) => ({
      companyId,
      kind,
      recipient: `spent${i}@example.test`,
      sentAt: new Date(),
    })),
  );
}

/** Moves every send of the company back by a day: yesterday's budget does not count today. */
const yesterday = (companyId: string) =>
  deps.database.db
    .update(mailSends)
    .set({ sentAt: sql`${mailSends.sentAt} - interval '1 day'` })
    .where(eq(mailSends.companyId, companyId));

const mailsTo = (email: string) => deps.sentMails.filter((m) => m.to === email).length;

describe('MFA reminders', () => {
  const remind = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/company/settings/mfa_reminders', headers });

  // 12 at once: under the API's per-member concurrency cap, so every answer is the mail limit's own.
  it('12 clicks at once mail each member once a day; the rest are a Japanese 429; the next day mails again', async () => {
    const w = await world();
    const a = await makeUser(deps, w.company.id, { name: '未設定 一郎' });
    const b = await makeUser(deps, w.company.id, { name: '未設定 二郎' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => remind(w.headers)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.map((r) => r.json<unknown>())).toEqual([{ sent: 2, notSent: 0 }]);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expectError(r, 'rate_limited', REMINDERS_DONE_TODAY);
    expect([mailsTo(a.email), mailsTo(b.email)]).toEqual([1, 1]);

    // A member added later today is reminded; the two already asked are not.
    const c = await makeUser(deps, w.company.id, { name: '未設定 三郎' });
    expect((await remind(w.headers)).json()).toEqual({ sent: 1, notSent: 2 });
    expect([mailsTo(a.email), mailsTo(b.email), mailsTo(c.email)]).toEqual([1, 1, 1]);

    await yesterday(w.company.id);
    expect((await remind(w.headers)).json()).toEqual({ sent: 3, notSent: 0 });
  });

  it("past the company's daily budget, the members left over are not mailed today", async () => {
    const w = await world();
    await spend(w.company.id, 'mfaReminder', MAIL_LIMITS.mfaReminder.perCompany - 1);
    const members = [
      await makeUser(deps, w.company.id),
      await makeUser(deps, w.company.id),
      await makeUser(deps, w.company.id),
    ];
    expect((await remind(w.headers)).json()).toEqual({ sent: 1, notSent: 2 });
    expect(members.map((m) => mailsTo(m.email)).reduce((x, y) => x + y)).toBe(1);
    expectError(await remind(w.headers), 'rate_limited', REMINDERS_DONE_TODAY);
  });
});

describe('invitations', () => {
  it(`one address gets at most ${MAIL_LIMITS.invitation.perRecipient} a day, however many resends at once`, async () => {
    const w = await world();
    const email = 'invitee@example.test';
    const created = await app.inject({
      method: 'POST',
      url: '/users',
      headers: w.headers,
      payload: { email, name: '招待 花子' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ user: { id: string } }>().user.id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: 'PUT', url: `/users/${id}/remind_register`, headers: w.headers }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(
      MAIL_LIMITS.invitation.perRecipient - 1,
    );
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expectError(r, 'rate_limited', INVITATION_LIMIT_MESSAGES.recipient);
    expect(mailsTo(email)).toBe(MAIL_LIMITS.invitation.perRecipient);

    await yesterday(w.company.id);
    const next = await app.inject({
      method: 'PUT',
      url: `/users/${id}/remind_register`,
      headers: w.headers,
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it("past the company's daily budget, adding a member is a 429 and nothing is created or mailed", async () => {
    const w = await world();
    await spend(w.company.id, 'invitation', MAIL_LIMITS.invitation.perCompany);
    const email = 'one-too-many@example.test';
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      headers: w.headers,
      payload: { email, name: '上限 太郎' },
    });
    expectError(res, 'rate_limited', INVITATION_LIMIT_MESSAGES.company);
    expect(await deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(mailsTo(email)).toBe(0);
  });
});
