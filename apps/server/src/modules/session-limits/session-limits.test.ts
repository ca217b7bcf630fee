/**
 * Session limits (issue 34): the idle timeout and session length of a company, their preview, and their
 * enforcement on the api and the site with a fake clock: the limits of one company never touch another's, and
 * the last-use time is written at most once a minute per session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ifMatchOf,
  SESSION_END_HEADER,
  type TErrorBody,
  type TSessionLimits,
  type TSessionLimitsPreview,
} from '@cloudsign/contract';
import type { FastifyInstance } from 'fastify';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { buildSiteApp } from '../../site-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { logIn, makeLoginUser, tokenRequest } from '../../../test/support/site.world.ts';
import { auditEvents, sessions } from '../../db/schema.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import { hashToken } from '../../auth/tokens.ts';

let deps: TestDeps;
let api: ApiApp;
let site: FastifyInstance;
let now = new Date();
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  api = await buildApiApp(deps);
  site = await buildSiteApp(deps);
});
afterAll(async () => {
  await api.close();
  await site.close();
  await deps.cleanup();
});
beforeEach(() => {
  now = new Date();
});

type H = Record<string, string>;
const get = (headers: H) => api.inject({ method: 'GET', url: '/company/session_limits', headers });
const put = (headers: H, version: number | null, payload: object) =>
  api.inject({
    method: 'PUT',
    url: '/company/session_limits',
    headers: version === null ? headers : { ...headers, 'if-match': ifMatchOf(version) },
    payload,
  });
const preview = (headers: H, version: number, payload: object) =>
  api.inject({
    method: 'POST',
    url: '/company/session_limits/preview',
    headers: { ...headers, 'if-match': ifMatchOf(version) },
    payload,
  });

/** A session of the member that started `ageMs` ago and was last used `idleMs` ago. */
async function sessionOf(user: { id: string; companyId: string }, ageMs: number, idleMs: number) {
  const s = await signIn(deps, user);
  await deps.database.db
    .update(sessions)
    .set({
      createdAt: at(-ageMs),
      lastSeenAt: at(-idleMs),
      expiresAt: at(-ageMs + 12 * HOUR),
    })
    .where(eq(sessions.id, s.sessionId));
  return s;
}

/** Headers with a token minted now (the console refreshes its token; the session decides). */
async function bearer(s: { sessionId: string }, user: { id: string; companyId: string }) {
  const jwt = await signAccessToken(
    deps.keys,
    { issuer: deps.env.SITE_URL, audience: deps.env.API_URL },
    { userId: user.id, companyId: user.companyId, sessionId: s.sessionId },
    now,
  );
  return { authorization: `Bearer ${jwt}` };
}
const callAs = async (s: { sessionId: string }, user: { id: string; companyId: string }) =>
  api.inject({ method: 'GET', url: '/me', headers: await bearer(s, user) });

async function world() {
  const company = await makeCompany(deps, { name: '株式会社サンプル商事' });
  const admin = await makeUser(deps, company.id, { name: '管理 太郎', roles: ['CompanyAdmin'] });
  const member = await makeUser(deps, company.id, { name: '一般 花子' });
  const { headers, sessionId } = await signIn(deps, admin);
  return { company, admin, member, headers, sessionId };
}

const lastSeen = async (id: string) =>
  (await deps.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt;

describe('company session limits', () => {
  it('reads the defaults: no idle timeout and 12 hours', async () => {
    const { headers } = await world();
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ limits: TSessionLimits }>().limits).toMatchObject({
      idleTimeoutMinutes: null,
      sessionMaxHours: 12,
      version: 0,
    });
  });

  it.each([
    [
      { idleTimeoutMinutes: 14, sessionMaxHours: 12 },
      'idleTimeoutMinutes',
      '無操作タイムアウト（分）',
    ],
    [
      { idleTimeoutMinutes: 1441, sessionMaxHours: 12 },
      'idleTimeoutMinutes',
      '無操作タイムアウト（分）',
    ],
    [
      { idleTimeoutMinutes: null, sessionMaxHours: 0 },
      'sessionMaxHours',
      'ログインの有効期間（時間）',
    ],
    [
      { idleTimeoutMinutes: null, sessionMaxHours: 721 },
      'sessionMaxHours',
      'ログインの有効期間（時間）',
    ],
    [
      { idleTimeoutMinutes: 30.5, sessionMaxHours: 12 },
      'idleTimeoutMinutes',
      '無操作タイムアウト（分）',
    ],
  ])('refuses %j with the field named in Japanese', async (payload, path, label) => {
    const { headers } = await world();
    const res = await put(headers, 0, payload);
    expect(res.statusCode).toBe(400);
    const detail = (res.json<TErrorBody>().error.details ?? []).find((d) => d.path === path);
    expect(detail?.message).toContain(`「${label}」`);
  });

  it('saves on its version: a stale one is 409, a member without 組織管理権限 403', async () => {
    const { headers, member, company } = await world();
    const ok = await put(headers, 0, { idleTimeoutMinutes: 30, sessionMaxHours: 8 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ limits: TSessionLimits }>().limits).toMatchObject({
      idleTimeoutMinutes: 30,
      sessionMaxHours: 8,
      version: 1,
    });
    const stale = await put(headers, 0, { idleTimeoutMinutes: 60, sessionMaxHours: 8 });
    expect(stale.statusCode).toBe(409);
    const missing = await put(headers, null, { idleTimeoutMinutes: 60, sessionMaxHours: 8 });
    expect(missing.statusCode).toBe(428);
    const plain = await signIn(deps, member);
    const refused = await put(plain.headers, 1, { idleTimeoutMinutes: 60, sessionMaxHours: 8 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<TErrorBody>().error.message).toContain('組織管理権限');
    const events = await deps.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, company.id),
          eq(auditEvents.action, 'company.sessionLimitsChanged'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      idleTimeoutMinutes: { before: null, after: 30 },
      sessionMaxHours: { before: 12, after: 8 },
    });
  });

  it('previews the sessions and members the new limits end now, and nothing changes', async () => {
    const { headers, admin, member, company } = await world();
    const third = await makeUser(deps, company.id, { name: '三番 次郎' });
    await sessionOf(member, 2 * HOUR, 40 * MIN); // idle 40 min
    await sessionOf(member, 30 * MIN, 1 * MIN); // fresh
    await sessionOf(third, 5 * HOUR, 2 * MIN); // older than 4 hours
    const other = await makeCompany(deps);
    await sessionOf(await makeUser(deps, other.id), 20 * HOUR, 20 * HOUR);

    const idle = await preview(headers, 0, { idleTimeoutMinutes: 30, sessionMaxHours: 12 });
    expect(idle.statusCode).toBe(200);
    expect(idle.json<{ preview: TSessionLimitsPreview }>().preview).toMatchObject({
      sessions: 1,
      memberCount: 1,
      includesYou: false,
      members: [{ id: member.id, name: '一般 花子', sessions: 1 }],
    });
    const both = await preview(headers, 0, { idleTimeoutMinutes: 30, sessionMaxHours: 4 });
    expect(both.json<{ preview: TSessionLimitsPreview }>().preview).toMatchObject({
      sessions: 2,
      memberCount: 2,
    });
    expect(
      both
        .json<{ preview: TSessionLimitsPreview }>()
        .preview.members.map((m) => m.id)
        .sort(),
    ).toEqual([member.id, third.id].sort());
    // The admin's own session (signed in just now) ends only with a length shorter than its age.
    expect((await get(headers)).json<{ limits: TSessionLimits }>().limits.version).toBe(0);
    void admin;
  });

  it('the idle timeout ends an unused session on the api, per company; a used one goes on', async () => {
    const { admin, sessionId, member } = await world();
    const idle = await sessionOf(member, 1 * HOUR, 20 * MIN);
    const busy = await sessionOf(member, 1 * HOUR, 5 * MIN);
    const other = await makeCompany(deps);
    const outsider = await makeUser(deps, other.id);
    const outsiderIdle = await sessionOf(outsider, 1 * HOUR, 20 * MIN);
    expect((await callAs(idle, member)).statusCode).toBe(200);

    // That call was a use; it is 20 minutes old again once the clock moves on.
    now = at(20 * MIN);
    const headers = await bearer({ sessionId }, admin);
    const saved = await put(headers, 0, { idleTimeoutMinutes: 15, sessionMaxHours: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await callAs(idle, member)).statusCode).toBe(401);
    expect((await callAs(busy, member)).statusCode).toBe(401); // 25 minutes unused by now
    expect((await callAs(outsiderIdle, outsider)).statusCode).toBe(200);

    const fresh = await sessionOf(member, 10 * MIN, 14 * MIN);
    expect((await callAs(fresh, member)).statusCode).toBe(200);
    // The call above was a use: 14 minutes later it is still within the limit, 16 minutes after that not.
    now = at(14 * MIN);
    expect((await callAs(fresh, member)).statusCode).toBe(200);
    now = at(16 * MIN);
    expect((await callAs(fresh, member)).statusCode).toBe(401);
  });

  it('the length ends sessions older than it at once, on the api and the site', async () => {
    const { headers, member } = await world();
    const old = await sessionOf(member, 3 * HOUR, 1 * MIN);
    const young = await sessionOf(member, 30 * MIN, 1 * MIN);
    await put(headers, 0, { idleTimeoutMinutes: null, sessionMaxHours: 2 });
    expect((await callAs(old, member)).statusCode).toBe(401);
    expect((await callAs(young, member)).statusCode).toBe(200);
    const [row] = await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, young.sessionId));
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + 2 * HOUR);

    const token = await tokenRequest(site, old.cookie);
    expect(token.statusCode).toBe(403);
    expect(token.headers[SESSION_END_HEADER]).toBe('session_expired');
  });

  it('a new session lasts the company length; the site refuses an idle one and says why', async () => {
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { headers } = await signIn(deps, admin);
    await put(headers, 0, { idleTimeoutMinutes: 30, sessionMaxHours: 3 });
    const user = await makeLoginUser(deps, company.id);
    const { cookie } = await logIn(site, user.email);
    const [row] = await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie!)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3 * HOUR);
    expect((await tokenRequest(site, cookie)).statusCode).toBe(200);

    now = at(31 * MIN);
    const refused = await tokenRequest(site, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers[SESSION_END_HEADER]).toBe('idle_timeout');
    const page = await site.inject({
      method: 'GET',
      url: `/login?return_to=${encodeURIComponent('/company/members')}`,
      headers: { cookie: `cs_session=${cookie}` },
    });
    expect(page.body).toContain('一定時間操作がなかったため、ログアウトしました');
    expect(page.body).toContain('name="return_to" value="/company/members"');
    const asked = await site.inject({ method: 'GET', url: '/login?notice=idle_timeout' });
    expect(asked.body).toContain('一定時間操作がなかったため、ログアウトしました');
  });

  it('writes the last use at most once a minute per session', async () => {
    const { member } = await world();
    const s = await sessionOf(member, 10 * MIN, 2 * MIN);
    expect((await callAs(s, member)).statusCode).toBe(200);
    const first = await lastSeen(s.sessionId);
    expect(first.getTime()).toBe(now.getTime());
    const base = now;
    for (const seconds of [10, 30, 59]) {
      now = new Date(base.getTime() + seconds * 1000);
      expect((await callAs(s, member)).statusCode).toBe(200);
      expect((await tokenRequest(site, s.cookie)).statusCode).toBe(200);
      expect((await lastSeen(s.sessionId)).getTime()).toBe(first.getTime());
    }
    now = new Date(base.getTime() + 61_000);
    expect((await callAs(s, member)).statusCode).toBe(200);
    expect((await lastSeen(s.sessionId)).getTime()).toBe(now.getTime());
  });
});
