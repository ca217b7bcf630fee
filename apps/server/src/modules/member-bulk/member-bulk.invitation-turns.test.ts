/**
 * A bulk run's invitations at scale (member-invitations.ts): a large run takes turns with other companies'
 * invitations instead of holding the queue, and a mail that fails mid-run (the SMTP server refusing it, the
 * worker dying before it was accepted) is retried without mailing anyone twice or leaving anyone out.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import {
  ADD_HEADER,
  execute,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { Mail } from '../../lib/mailer.ts';
import { INVITATION_TURN } from './member-invitations.ts';

let deps: TestDeps;
let app: ApiApp;
let send: (mail: Mail) => Promise<void>;
const turn = INVITATION_TURN.mails;

async function adminOfNewCompany() {
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  return (await signIn(deps, admin)).headers;
}

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  send = deps.mailer.send;
});
afterEach(() => {
  deps.mailer.send = send;
  INVITATION_TURN.mails = turn;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const addFile = (prefix: string, n: number) =>
  utf8([
    ADD_HEADER,
    ...Array.from({ length: n }, (_, i) => [
      `${prefix}${i}@turns.example.test`,
      '一括 太郎',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]),
  ]);
const mailedTo = (prefix: string) =>
  deps.sentMails.map((m) => m.to).filter((to) => to.startsWith(prefix));

async function waitFor(condition: () => boolean, ms = 60_000) {
  const started = Date.now();
  while (!condition() && Date.now() - started < ms) await new Promise((r) => setTimeout(r, 50));
  expect(condition()).toBe(true);
}

async function run(headers: Headers, file: Buffer) {
  const m = await uploadAndCheck(app, headers, 'bulk_add', file);
  expect((await execute(app, headers, m.id)).statusCode).toBe(200);
  expect((await settle(app, headers, m.id)).status).toBe(6);
}

it('a large run’s invitations do not hold back another company’s: its mails go out between the run’s turns', async () => {
  INVITATION_TURN.mails = 2;
  // A slow SMTP server: each mail takes 400 ms to be accepted.
  deps.mailer.send = async (mail) => {
    await new Promise((r) => setTimeout(r, 400));
    await send(mail);
  };
  const [big, small] = [await adminOfNewCompany(), await adminOfNewCompany()];
  await run(big, addFile('big', 40));
  await waitFor(() => mailedTo('big').length > 0);
  await run(small, addFile('small', 2));
  await waitFor(() => mailedTo('big').length === 40 && mailedTo('small').length === 2);

  const order = deps.sentMails.map((m) => m.to);
  const lastSmall = Math.max(
    ...['small0', 'small1'].map((p) => order.indexOf(`${p}@turns.example.test`)),
  );
  // Before, the other company's two mails waited behind all 40 of the run (one job, one queue).
  expect(lastSmall).toBeLessThan(order.indexOf('big39@turns.example.test'));
}, 180_000);

it('a mail refused mid-run is retried: every member is mailed once and holds one link', async () => {
  let calls = 0;
  deps.mailer.send = async (mail) => {
    if (mail.to.startsWith('retry')) calls += 1;
    if (calls === 7 && mail.to.startsWith('retry')) throw new Error('421 service not available');
    await send(mail);
  };
  await run(await adminOfNewCompany(), addFile('retry', 25));
  await waitFor(() => mailedTo('retry').length >= 25);
  await new Promise((r) => setTimeout(r, 1500));

  const mailed = mailedTo('retry');
  expect(mailed).toHaveLength(25);
  expect(new Set(mailed).size).toBe(25);
  expect(calls).toBe(26);
  const links = await queryRows<{ email: string; n: number }>(
    deps.database.db,
    sql`select u.email, count(t.id)::int as n from users u left join password_setup_tokens t on t.user_id = u.id
        where u.email like 'retry%' group by u.email`,
  );
  expect(links).toHaveLength(25);
  expect(links.every((l) => l.n === 1)).toBe(true);
}, 180_000);
