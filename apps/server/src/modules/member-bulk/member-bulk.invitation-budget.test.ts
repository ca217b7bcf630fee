/**
 * A bulk add's invitations under the company's daily budget (auth/mail-limits.ts): the budget is shown before
 * execution, the job mails what the day allows and leaves the rest, which go out on a later day.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { invitationsToday } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  ADD_HEADER,
  execute,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { mailSends } from '../../db/schema.ts';
import { MAIL_LIMITS } from '../../auth/mail-limits.ts';
import { sendInvitations } from './member-invitations.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const budget = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/company/settings/invitation_budget',
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ budget: Parameters<typeof invitationsToday>[0] }>().budget;
};
// Sorted: a run mails several invitations at once (member-invitations.ts), so they arrive in any order.
const invited = () =>
  deps.sentMails
    .filter((m) => m.subject.includes('パスワード設定'))
    .map((m) => m.to)
    .sort();
const row = (email: string) => [email, '一括 太郎', '', '', '', '', '', '', ''];

async function waitFor(condition: () => boolean) {
  const started = Date.now();
  while (!condition() && Date.now() - started < 20_000)
    await new Promise((r) => setTimeout(r, 100));
}

it('shows today’s and deferred invitations before execution; the job mails today’s and the rest wait a day', async () => {
  const perDay = MAIL_LIMITS.invitation.perCompany;
  await deps.database.db.insert(mailSends).values(
    Array.from({ length: perDay - 2 }, (_, i) => ({
      companyId,
      kind: 'invitation',
      recipient: `earlier${i}@example.test`,
      sentAt: new Date(),
    })),
  );
  const m = await uploadAndCheck(
    app,
    headers,
    'bulk_add',
    utf8([
      ADD_HEADER,
      row('a@bulk.example.test'),
      row('b@bulk.example.test'),
      row('c@bulk.example.test'),
    ]),
  );
  expect(m.counts.add).toBe(3);
  const before = await budget();
  expect(before).toEqual({ perDay, remainingToday: 2, waiting: 0 });
  expect(invitationsToday(before, 3)).toEqual({ today: 2, deferred: 1 });

  expect((await execute(app, headers, m.id)).statusCode).toBe(200);
  expect((await settle(app, headers, m.id)).status).toBe(6);
  await waitFor(() => invited().length >= 2);
  // The job has had its turn: two mailed, the third waits for tomorrow's budget.
  await new Promise((r) => setTimeout(r, 1500));
  expect(invited()).toEqual(['a@bulk.example.test', 'b@bulk.example.test']);
  expect(await budget()).toEqual({ perDay, remainingToday: 0, waiting: 1 });

  // The next day (every send moved back a day), the job's next turn mails the rest.
  await deps.database.db
    .update(mailSends)
    .set({ sentAt: sql`${mailSends.sentAt} - interval '1 day'` })
    .where(eq(mailSends.companyId, companyId));
  expect(await sendInvitations(deps, m.id, 'add')).toBe('done');
  expect(invited()).toEqual(['a@bulk.example.test', 'b@bulk.example.test', 'c@bulk.example.test']);
  expect(await budget()).toEqual({ perDay, remainingToday: perDay - 1, waiting: 0 });
});

it('an address whose day is spent (by another company) waits alone; the run’s other invitations go out today', async () => {
  const other = await makeCompany(deps);
  await deps.database.db.insert(mailSends).values(
    Array.from({ length: MAIL_LIMITS.invitation.perRecipient }, () => ({
      companyId: other.id,
      kind: 'invitation',
      recipient: 'spent@bulk.example.test',
      sentAt: new Date(),
    })),
  );
  const m = await uploadAndCheck(
    app,
    headers,
    'bulk_add',
    utf8([
      ADD_HEADER,
      row('spent@bulk.example.test'),
      row('d@bulk.example.test'),
      row('e@bulk.example.test'),
    ]),
  );
  expect((await execute(app, headers, m.id)).statusCode).toBe(200);
  expect((await settle(app, headers, m.id)).status).toBe(6);
  await waitFor(() => invited().includes('e@bulk.example.test'));
  await new Promise((r) => setTimeout(r, 1500));
  expect(invited()).toContain('d@bulk.example.test');
  expect(invited()).not.toContain('spent@bulk.example.test');
  expect(await budget()).toMatchObject({ waiting: 1 });

  // The next day the address has its share again: the job's next turn mails it.
  await deps.database.db
    .update(mailSends)
    .set({ sentAt: sql`${mailSends.sentAt} - interval '1 day'` })
    .where(eq(mailSends.recipient, 'spent@bulk.example.test'));
  expect(await sendInvitations(deps, m.id, 'add')).toBe('done');
  expect(invited()).toContain('spent@bulk.example.test');
  expect(await budget()).toMatchObject({ waiting: 0 });
});
