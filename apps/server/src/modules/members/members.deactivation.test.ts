/** 利用停止 / 利用再開: the member keeps everything, cannot sign in, and every session and token ends at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TMemberDetail } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { buildSiteApp } from '../../site-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { logIn, makeLoginUser, PASSWORD } from '../../../test/support/site.world.ts';
import {
  auditEvents,
  memberGroupUsers,
  memberGroups,
  passwordSetupTokens,
  sessions,
  users,
} from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let site: FastifyInstance;
let admin: Awaited<ReturnType<typeof makeUser>>;
let headers: Record<string, string>;
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  site = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
  otherCompanyId = (await makeCompany(deps, { name: '他社' })).id;
  admin = await makeUser(deps, companyId, { name: '管理 太郎', roles: ['CompanyAdmin'] });
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await site.close();
  await deps.cleanup();
});

const put = (id: string, what: 'deactivate' | 'restore', h = headers) =>
  app.inject({ method: 'PUT', url: `/users/${id}/${what}`, headers: h });
const userOf = (res: { json: <T>() => T }) => res.json<{ user: TMemberDetail }>().user;
const me = (h: Record<string, string>) => app.inject({ method: 'GET', url: '/me', headers: h });
const auditOf = (id: string) =>
  deps.database.db
    .select({
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, id), eq(auditEvents.category, 'member')))
    .orderBy(auditEvents.seq);

describe('PUT /users/{id}/deactivate and /restore', () => {
  it('deactivates: status 3, token refused at its next request, sign-in refused in Japanese, groups kept', async () => {
    const member = await makeLoginUser(deps, companyId, { name: '一般 花子' });
    const [group] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId, name: '営業部', type: 0 })
      .returning();
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: group!.id, userId: member.id });
    const session = await signIn(deps, member);
    expect((await me(session.headers)).statusCode).toBe(200);

    const res = await put(member.id, 'deactivate');
    expect(res.statusCode, res.body).toBe(200);
    expect(userOf(res)).toMatchObject({
      id: member.id,
      status: 3,
      groups: [{ id: group!.id, name: '営業部' }],
    });
    expect((await me(session.headers)).statusCode).toBe(401);
    expect(
      await deps.database.db.select().from(sessions).where(eq(sessions.userId, member.id)),
    ).toEqual([]);

    const login = await logIn(site, member.email, PASSWORD);
    expect(login.res.statusCode).toBe(403);
    expect(login.res.body).toContain(
      'このアカウントは利用停止中のためログインできません。企業の管理者にお問い合わせください。',
    );
    expect(login.cookie).toBeUndefined();
    // A wrong password says nothing about the account's state.
    const wrong = await logIn(site, member.email, 'wrong-password-1');
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.body).toContain('メールアドレスまたはパスワードが正しくありません。');

    const list = await app.inject({ method: 'GET', url: '/members?status=3', headers });
    expect(list.json<{ members: { id: string }[] }>().members.map((m) => m.id)).toEqual([
      member.id,
    ]);

    const restored = await put(member.id, 'restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(userOf(restored)).toMatchObject({ id: member.id, status: 1 });
    const again = await logIn(site, member.email, PASSWORD);
    expect(again.res.statusCode).toBe(303);
    expect(again.cookie).toBeTruthy();

    expect(await auditOf(member.id)).toEqual([
      {
        action: 'member.deactivated',
        actorId: admin.id,
        details: { status: { before: 1, after: 3 } },
      },
      {
        action: 'member.restored',
        actorId: admin.id,
        details: { status: { before: 3, after: 1 } },
      },
    ]);
  });

  it('an invited member loses the setup link and is restored as 招待中', async () => {
    const invited = await makeUser(deps, companyId, { status: 0 });
    await app.inject({ method: 'PUT', url: `/users/${invited.id}/remind_register`, headers });
    expect((await put(invited.id, 'deactivate')).statusCode).toBe(200);
    expect(
      await deps.database.db
        .select()
        .from(passwordSetupTokens)
        .where(eq(passwordSetupTokens.userId, invited.id)),
    ).toEqual([]);
    expect(userOf(await put(invited.id, 'restore')).status).toBe(0);
  });

  it('refuses self, a repeat, a restore of an active member, and answers 404 across companies', async () => {
    expectError(
      await put(admin.id, 'deactivate'),
      'self_forbidden',
      '自分自身は利用停止にできません。',
    );
    const member = await makeUser(deps, companyId);
    expect((await put(member.id, 'deactivate')).statusCode).toBe(200);
    expectError(
      await put(member.id, 'deactivate'),
      'invalid_state',
      'このメンバーはすでに利用停止中です。',
    );
    expectError(
      await put(admin.id, 'restore'),
      'invalid_state',
      'このメンバーは利用停止中ではありません。',
    );
    const foreign = await makeUser(deps, otherCompanyId);
    expectError(await put(foreign.id, 'deactivate'), 'not_found');
    expectError(await put(foreign.id, 'restore'), 'not_found');
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, foreign.id));
    expect(row!.status).toBe(1);
  });

  it('a deactivated admin is no active admin: the only active one cannot be demoted, the other is deleted freely', async () => {
    const company = (await makeCompany(deps, { name: '株式会社ひとり' })).id;
    const solo = await makeUser(deps, company, { roles: ['CompanyAdmin'] });
    const h = (await signIn(deps, solo)).headers;
    const dormant = await makeUser(deps, company, { roles: ['CompanyAdmin'] });
    expect((await put(dormant.id, 'deactivate', h)).statusCode).toBe(200);
    // A second session of the same admin demoting itself is the self rule; the count is what the guard sees.
    const admins = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company), eq(users.status, 1)));
    expect(admins.map((a) => a.id)).toEqual([solo.id]);
    const del = await app.inject({ method: 'DELETE', url: `/users/${dormant.id}`, headers: h });
    expect(del.statusCode, del.body).toBe(200);
  });
});
