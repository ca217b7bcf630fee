/**
 * The site under an IP address restriction (issue 34): a signed-in member outside his company's console list
 * gets a 403 page naming the address (JSON for the console's token call), 記録のみ lets him through; a locked-out
 * admin mails himself a link that lifts the restriction once, audited; and a save on one process reaches
 * another within the poll interval.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { postForm, tokenRequest } from '../../../test/support/site.world.ts';
import { SESSION_COOKIE } from '../../auth/sessions.ts';
import { buildSiteApp } from '../../site-app.ts';
import { saveRestriction, selectRestriction } from './ip-restriction.repository.ts';
import { POLL_MS, scopeRule } from './ip-restriction.cache.ts';
import { forgetRecordedRefusals } from './ip-restriction.enforce.ts';
import { LIFT_MAIL_SUBJECT } from './ip-restriction.break-glass.ts';

let deps: TestDeps;
let app: FastifyInstance;
let now = new Date('2026-11-20T03:00:00Z');
/** The answers' shapes as these tests read them. */
type J = {
  error: { code: string; message: string; details: { path: string; message: string }[] };
  ipRestriction: Record<string, unknown>;
  preview: { members: unknown[] } & Record<string, unknown>;
  ranges: unknown[];
};

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});
beforeEach(() => forgetRecordedRefusals());

const enforced = (mode: 'enforce' | 'log', cidr = '127.0.0.1/32') => ({
  console: { mode, ranges: [{ cidr, memo: '' }] },
  scim: { mode: 'off', ranges: [] },
  sso: { mode: 'off', ranges: [] },
});

async function world(mode: 'enforce' | 'log') {
  const company = await makeCompany(deps, { name: '株式会社制限商事' });
  const admin = await makeUser(deps, company.id, {
    name: '管理 太郎',
    roles: ['CompanyAdmin'],
    mfa: 1,
  });
  const member = await makeUser(deps, company.id, { name: '一般 花子' });
  await saveRestriction(deps.database.db, company.id, enforced(mode), 1, now);
  return { company, admin, member };
}
const page = (cookie: string, ip: string, url = '/') =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
const events = (companyId: string, action: string) =>
  deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));

describe('a signed-in member outside the console list', () => {
  it('制限する: a 403 page naming the address, JSON for the token; inside, the site works', async () => {
    const w = await world('enforce');
    const { cookie } = await signIn(deps, w.member);
    const refused = await page(cookie, '127.0.0.2', '/members');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('アクセスが制限されています');
    expect(refused.body).toContain('お使いのIPアドレス（127.0.0.2）からは利用できません');
    // A member without the privilege is not offered the link.
    expect(refused.body).not.toContain('制限を解除するリンクを送る');
    const token = await tokenRequest(app, cookie, {});
    expect(token.statusCode).not.toBe(403);
    const tokenRefused = await app.inject({
      method: 'GET',
      url: '/api/token/jwt',
      remoteAddress: '127.0.0.2',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(tokenRefused.statusCode).toBe(403);
    expect(tokenRefused.json<J>().error.code).toBe('ip_not_allowed');
    const [recorded, ...more] = await events(w.company.id, 'ipRestriction.refused');
    expect(more).toEqual([]);
    expect(recorded!.details).toMatchObject({
      surface: 'site',
      address: '127.0.0.2',
      ipMode: 'enforce',
    });
  });

  it('記録のみ: the page is served and the use recorded', async () => {
    const w = await world('log');
    const { cookie } = await signIn(deps, w.member);
    const res = await tokenRequest(app, cookie, {});
    expect(res.statusCode).toBe(200);
    const logged = await app.inject({
      method: 'GET',
      url: '/api/token/jwt',
      remoteAddress: '127.0.0.2',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(logged.statusCode).toBe(200);
    expect((await events(w.company.id, 'ipRestriction.refused'))[0]!.details).toMatchObject({
      ipMode: 'log',
    });
  });
});

describe('break-glass: a locked-out admin lifts the restriction through a mailed link', () => {
  it('mails a signed link; its page lifts once (mode 無効), audited; the link then says it was used', async () => {
    const w = await world('enforce');
    const { cookie } = await signIn(deps, w.admin);
    const refused = await page(cookie, '127.0.0.2');
    expect(refused.body).toContain('制限を解除するリンクを送る');
    deps.sentMails.length = 0;
    const asked = await postForm(
      app,
      '/ip_restriction/lift_request',
      {},
      { cookie, ip: '127.0.0.2' },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.body).toContain('解除リンクを送りました');
    const mail = deps.sentMails.find((m) => m.subject === LIFT_MAIL_SUBJECT)!;
    expect(mail.to).toBe(w.admin.email);
    const path = /http:\/\/localhost:3000(\/ip_restriction\/lift\/[\w.-]+)/.exec(mail.text)![1]!;

    // Opening the link (a mail scanner's GET too) changes nothing.
    const confirm = await app.inject({ method: 'GET', url: path, remoteAddress: '127.0.0.2' });
    expect(confirm.body).toContain('IPアドレス制限を解除する');
    expect((await selectRestriction(deps.database.db, w.company.id))!.version).toBe(1);

    const lifted = await postForm(app, path, {}, { ip: '127.0.0.2' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.body).toContain('IPアドレス制限を解除しました');
    const row = await selectRestriction(deps.database.db, w.company.id);
    expect(row).toMatchObject({ version: 2, scopes: { console: { mode: 'off' } } });
    expect((await page(cookie, '127.0.0.2')).statusCode).not.toBe(403);
    const [event] = await events(w.company.id, 'ipRestriction.lifted');
    expect(event).toMatchObject({
      actorId: w.admin.id,
      ip: '127.0.0.2',
      details: { consoleMode: { before: 'enforce', after: 'off' }, via: 'mailLink' },
    });
    expect(await events(w.company.id, 'ipRestriction.liftRequested')).toHaveLength(1);

    const again = await postForm(app, path, {}, { ip: '127.0.0.2' });
    expect([again.statusCode, again.body.includes('このリンクは使用済みです')]).toEqual([
      410,
      true,
    ]);
  });

  it('a member without the privilege gets no link; a forged or expired link lifts nothing; mails are bounded', async () => {
    const w = await world('enforce');
    const member = await signIn(deps, w.member);
    deps.sentMails.length = 0;
    const res = await postForm(
      app,
      '/ip_restriction/lift_request',
      {},
      { cookie: member.cookie, ip: '127.0.0.2' },
    );
    expect([res.statusCode, deps.sentMails.length]).toEqual([403, 0]);

    const forged = await postForm(
      app,
      '/ip_restriction/lift/eyJhbGciOiJub25lIn0.e30.',
      {},
      { ip: '127.0.0.2' },
    );
    expect([forged.statusCode, forged.body.includes('リンクが無効です')]).toEqual([400, true]);

    const { cookie } = await signIn(deps, w.admin);
    for (let i = 0; i < 3; i += 1)
      expect(
        (await postForm(app, '/ip_restriction/lift_request', {}, { cookie, ip: '127.0.0.2' }))
          .statusCode,
      ).toBe(200);
    const fourth = await postForm(
      app,
      '/ip_restriction/lift_request',
      {},
      { cookie, ip: '127.0.0.2' },
    );
    expect(fourth.statusCode).toBe(429);
    expect(deps.sentMails.filter((m) => m.subject === LIFT_MAIL_SUBJECT)).toHaveLength(3);

    const path = /(\/ip_restriction\/lift\/[\w.-]+)/.exec(deps.sentMails.at(-1)!.text)![1]!;
    const saved = now;
    now = new Date(now.getTime() + 31 * 60_000);
    try {
      const late = await postForm(app, path, {}, { ip: '127.0.0.2' });
      expect([late.statusCode, late.body.includes('有効期限')]).toEqual([400, true]);
    } finally {
      now = saved;
    }
    expect((await selectRestriction(deps.database.db, w.company.id))!.version).toBe(1);
  });
});

describe('a save reaches every process within the poll interval', () => {
  it("another process's cached rule changes once POLL_MS has passed", async () => {
    const w = await world('enforce');
    const t0 = Date.now();
    expect((await scopeRule(deps.database, w.company.id, 'console', t0)).mode).toBe('enforce');
    // Saved by "another process": this one's copy is not told.
    await saveRestriction(deps.database.db, w.company.id, enforced('log'), 2, now);
    expect((await scopeRule(deps.database, w.company.id, 'console', t0 + 10)).mode).toBe('enforce');
    expect((await scopeRule(deps.database, w.company.id, 'console', t0 + POLL_MS)).mode).toBe(
      'log',
    );
  });
});
