/**
 * Every password sign-in path against the console scope of the IP address restriction: from outside the list
 * under 制限する, the right password (or an invitation's new one) opens no session, the page names the address
 * and the log says why; from inside, or under 記録のみ, the member signs in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { auditEvents, sessions } from '../../db/schema.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import {
  logIn,
  makeLoginUser,
  postForm,
  sessionCookieOf,
} from '../../../test/support/site.world.ts';
import { saveRestriction } from '../ip-restriction/ip-restriction.repository.ts';
import { forgetRecordedRefusals } from '../ip-restriction/ip-restriction.enforce.ts';
import { buildSiteApp } from '../../site-app.ts';

let deps: TestDeps;
let app: FastifyInstance;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});
beforeEach(() => forgetRecordedRefusals());

/** A company whose console is open to 10.0.0.0/8 only, in `mode`. */
async function company(mode: 'enforce' | 'log') {
  const { id } = await makeCompany(deps, { name: '株式会社制限商事' });
  const scopes = {
    console: { mode, ranges: [{ cidr: '10.0.0.0/8', memo: '本社' }] },
    scim: { mode: 'off', ranges: [] },
    sso: { mode: 'off', ranges: [] },
  };
  await saveRestriction(deps.database.db, id, scopes, 1, deps.clock());
  return id;
}
const actionsOf = async (companyId: string) =>
  (
    await deps.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, companyId))
      .orderBy(asc(auditEvents.seq))
  ).map((e) => [e.action, (e.details as { reason?: string }).reason ?? null]);
const sessionsOf = (userId: string) =>
  deps.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('password sign-in under the console list', () => {
  it('制限する, outside: the right password opens no session; the page names the address', async () => {
    const companyId = await company('enforce');
    const user = await makeLoginUser(deps, companyId, { name: '外出 太郎' });
    const { res, cookie } = await logIn(app, user.email, undefined, { ip: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('お使いのIPアドレス（203.0.113.7）からは利用できません');
    expect(cookie).toBeUndefined();
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await actionsOf(companyId)).toEqual([
      ['ipRestriction.refused', null],
      ['auth.signInFailed', 'ip_not_allowed'],
    ]);

    const inside = await logIn(app, user.email, undefined, { ip: '10.1.2.3' });
    expect(inside.res.statusCode).toBe(303);
    expect(inside.cookie).toBeDefined();
  });

  it('記録のみ, outside: the member signs in and the use is recorded', async () => {
    const companyId = await company('log');
    const user = await makeLoginUser(deps, companyId);
    const { res, cookie } = await logIn(app, user.email, undefined, { ip: '203.0.113.8' });
    expect(res.statusCode).toBe(303);
    expect(cookie).toBeDefined();
    expect((await actionsOf(companyId)).map(([action]) => action)).toEqual([
      'ipRestriction.refused',
      'auth.signIn',
    ]);
  });

  it('制限する, outside: an invitation sets the password but opens no session', async () => {
    const companyId = await company('enforce');
    const user = await makeUser(deps, companyId, { status: 0, name: '招待 次郎' });
    await issuePasswordSetupLink(deps, deps.database.db, user);
    const path = /http:\/\/localhost:3000(\/password_setup\/[A-Za-z0-9_-]{43})/.exec(
      deps.sentMails.at(-1)!.text,
    )![1]!;
    const password = 'inside-only-123';
    const res = await postForm(
      app,
      path,
      { password, confirmation: password },
      { ip: '203.0.113.9' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('パスワードを設定しました');
    expect(res.body).toContain('お使いのIPアドレス（203.0.113.9）からは利用できません');
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await sessionsOf(user.id)).toEqual([]);
    const later = await logIn(app, user.email, password, { ip: '10.0.0.5' });
    expect(later.res.statusCode).toBe(303);
  });
});
