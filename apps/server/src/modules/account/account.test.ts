/**
 * アカウント設定 over the real app: the password change keeps the sign-in's rules and limits and ends the
 * member's other sessions and mailed links; the session list and its endings touch only the caller's own.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { FULL_WIDTH_REFUSED, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { createSession } from '../../auth/sessions.ts';
import { auditEvents, companies, passwordSetupTokens, sessions, users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { CURRENT_PASSWORD_FULL_WIDTH, WRONG_CURRENT_PASSWORD } from './account.service.ts';

const OLD = 'old-passw0rd';
const NEW = 'new-passw0rd';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let deps: TestDeps;
let app: ApiApp;
let companyId: string;
let otherCompanyId: string;
let oldHash: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  otherCompanyId = (await makeCompany(deps, { name: '他社' })).id;
  oldHash = await hashPassword(OLD);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type H = Record<string, string>;
type ErrorBody = {
  error: { code: string; message: string; details?: { path: string; message: string }[] };
};
const bodyError = (res: { json: <T>() => T }) => res.json<ErrorBody>().error;
const member = (over: { companyId?: string } = {}) =>
  makeUser(deps, over.companyId ?? companyId, { passwordHash: oldHash, name: '山田 健' });
const changePassword = (headers: H, payload: object) =>
  app.inject({ method: 'POST', url: '/account/password', headers, payload });
const me = (headers: H) => app.inject({ method: 'GET', url: '/me', headers });
const listSessions = (headers: H) =>
  app.inject({ method: 'GET', url: '/account/sessions', headers });
const publicIdOf = async (sessionId: string) =>
  (
    await deps.database.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
  )[0]!.publicId;
const eventsOf = (userId: string, action: string) =>
  deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, userId), eq(auditEvents.action, action)));

describe('GET /account', () => {
  it('answers the member his name and address, and that his password is his to change', async () => {
    const user = await member();
    const res = await app.inject({
      method: 'GET',
      url: '/account',
      headers: (await signIn(deps, user)).headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      account: { name: '山田 健', email: user.email, isSsoManaged: false, canChangePassword: true },
    });
  });
});

describe('POST /account/password', () => {
  it('changes the password, ends the other sessions and the mailed links, keeps this one, records it', async () => {
    const user = await member();
    const here = await signIn(deps, user);
    const elsewhere = await signIn(deps, user);
    await deps.database.db.insert(passwordSetupTokens).values({
      id: 'reset-link-hash',
      purpose: 'reset',
      userId: user.id,
      expiresAt: new Date(deps.clock().getTime() + 3600_000),
    });

    const res = await changePassword(here.headers, {
      currentPassword: OLD,
      password: NEW,
      confirmation: NEW,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 1 });
    expect((await me(here.headers)).statusCode).toBe(200);
    expect((await me(elsewhere.headers)).statusCode).toBe(401);
    const links = await deps.database.db
      .select()
      .from(passwordSetupTokens)
      .where(eq(passwordSetupTokens.userId, user.id));
    expect(links).toEqual([]);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, NEW)).toBe(true);
    const [event] = await eventsOf(user.id, 'auth.passwordChanged');
    expect(event).toMatchObject({ targetId: user.id, details: { sessions: 1 } });
  });

  it('refuses a wrong current password on its field, and changes nothing', async () => {
    const user = await member();
    const { headers } = await signIn(deps, user);
    const res = await changePassword(headers, {
      currentPassword: 'wrong-passw0rd',
      password: NEW,
      confirmation: NEW,
    });
    expect(res.statusCode).toBe(400);
    expect(bodyError(res).details).toEqual([
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
    ]);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(oldHash);
    expect(await eventsOf(user.id, 'auth.passwordChanged')).toEqual([]);
  });

  it('refuses a new password typed in full width with the site message', async () => {
    const user = await member();
    const { headers } = await signIn(deps, user);
    const res = await changePassword(headers, {
      currentPassword: OLD,
      password: 'ｐａｓｓｗｏｒｄ１２３',
      confirmation: 'ｐａｓｓｗｏｒｄ１２３',
    });
    expect(res.statusCode).toBe(400);
    expect(bodyError(res).details).toEqual([{ path: 'password', message: FULL_WIDTH_REFUSED }]);
  });

  it('applies the site rules: short, no digit, confirmation differs', async () => {
    const user = await member();
    const { headers } = await signIn(deps, user);
    const short = await changePassword(headers, {
      currentPassword: OLD,
      password: 'a1',
      confirmation: 'a1',
    });
    expect(bodyError(short).details?.[0]).toEqual({
      path: 'password',
      message: 'パスワードは8文字以上128文字以内で入力してください。',
    });
    const differs = await changePassword(headers, {
      currentPassword: OLD,
      password: NEW,
      confirmation: 'other-passw0rd',
    });
    expect(bodyError(differs).details).toEqual([
      { path: 'confirmation', message: 'パスワードが一致しません。' },
    ]);
  });

  it('tells a current password typed in full width, without counting it', async () => {
    const user = await member();
    const { headers } = await signIn(deps, user);
    const res = await changePassword(headers, {
      currentPassword: 'ｏｌｄ－ｐａｓｓｗ０ｒｄ',
      password: NEW,
      confirmation: NEW,
    });
    expect(bodyError(res).details).toEqual([
      { path: 'currentPassword', message: CURRENT_PASSWORD_FULL_WIDTH },
    ]);
  });

  it('slows wrong current passwords like sign-in: past the free failures it answers 429', async () => {
    const user = await member();
    const { headers } = await signIn(deps, user);
    const wrong = { currentPassword: 'wrong-passw0rd', password: NEW, confirmation: NEW };
    for (let i = 0; i < 5; i += 1)
      expect((await changePassword(headers, wrong)).statusCode).toBe(400);
    const blocked = await changePassword(headers, { ...wrong, currentPassword: OLD });
    expect(blocked.statusCode).toBe(429);
    expect(bodyError(blocked).message).toMatch(/一時的に変更を制限しています。.*後にもう一度/);
  });
});

describe('own sessions', () => {
  it('lists them with the browser in words, the IP and この端末', async () => {
    const user = await member();
    const here = await signIn(deps, user);
    await createSession(deps.database.db, user.id, true, deps.clock(), false, {
      ip: '203.0.113.7',
      userAgent: CHROME_LINUX,
    });
    const res = await listSessions(here.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ sessions: { browser: string; ip: string; isCurrent: boolean }[] }>()
      .sessions;
    expect(list).toHaveLength(2);
    expect(list.map((s) => s.isCurrent)).toEqual([true, false]);
    expect(list.find((s) => !s.isCurrent)).toMatchObject({
      browser: 'Chrome（Linux）',
      ip: '203.0.113.7',
    });
  });

  it("ends one by its id; another member's or company's session id answers 404 and lives on", async () => {
    const user = await member();
    const colleague = await member();
    const stranger = await member({ companyId: otherCompanyId });
    const here = await signIn(deps, user);
    const mine = await signIn(deps, user);
    const theirs = await signIn(deps, colleague);
    const foreign = await signIn(deps, stranger);

    for (const s of [theirs, foreign]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/account/sessions/${await publicIdOf(s.sessionId)}`,
        headers: here.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(bodyError(res).code).toBe('not_found');
      expect((await me(s.headers)).statusCode).toBe(200);
    }
    const ended = await app.inject({
      method: 'DELETE',
      url: `/account/sessions/${await publicIdOf(mine.sessionId)}`,
      headers: here.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(mine.headers)).statusCode).toBe(401);
    expect((await me(here.headers)).statusCode).toBe(200);
    const [event] = await eventsOf(user.id, 'auth.sessionsRevoked');
    expect(event).toMatchObject({ details: { reason: 'endedByMember', sessions: 1 } });
  });

  it('leaves out a session unused past the company idle timeout: it is signed out everywhere', async () => {
    const idleCompany = (await makeCompany(deps, { name: '短時間商事' })).id;
    await deps.database.db
      .update(companies)
      .set({ idleTimeoutMinutes: 30 })
      .where(eq(companies.id, idleCompany));
    const user = await member({ companyId: idleCompany });
    const here = await signIn(deps, user);
    const left = await createSession(deps.database.db, user.id, true, deps.clock(), false, {
      ip: '203.0.113.9',
      userAgent: CHROME_LINUX,
    });
    await deps.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(deps.clock().getTime() - 31 * 60_000) })
      .where(eq(sessions.id, left.id));
    const list = (await listSessions(here.headers)).json<{ sessions: { ip: string }[] }>().sessions;
    expect(list).toHaveLength(1);
    expect(list[0]!.ip).not.toBe('203.0.113.9');
  });

  it('ends every other session at once, and only his', async () => {
    const user = await member();
    const colleague = await member();
    const here = await signIn(deps, user);
    const a = await signIn(deps, user);
    const b = await signIn(deps, user);
    const theirs = await signIn(deps, colleague);
    const res = await app.inject({
      method: 'POST',
      url: '/account/sessions/end_others',
      headers: here.headers,
    });
    expect(res.json()).toEqual({ endedSessions: 2 });
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(b.headers)).statusCode).toBe(401);
    expect((await me(here.headers)).statusCode).toBe(200);
    expect((await me(theirs.headers)).statusCode).toBe(200);
    expect(
      (await listSessions(here.headers)).json<{ sessions: unknown[] }>().sessions,
    ).toHaveLength(1);
  });
});
