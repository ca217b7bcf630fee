/**
 * Who may call what (docs/design.md §1, decided in members.service.ts): CompanyAdmin everything; a cabinet's
 * admin may list members (for that cabinet, or all to pick admins) and nothing else; other members 403;
 * another company's admin 404 on ids; no token 401. Deleted members' tokens stop at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiApp } from '../../api-app.ts';
import type { TestDeps } from '../../../test/support/test-deps.ts';
import {
  CALLERS,
  expectMatrix,
  permissionWorld,
  type MatrixRoute,
} from '../../../test/support/permission-matrix.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { cabinets, documents, sessions } from '../../db/schema.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let ids: { target: string; invited: string; cabinet: string; otherCabinet: string };
let as: Awaited<ReturnType<typeof permissionWorld>>['as'];
let close: () => Promise<void>;

beforeAll(async () => {
  const world = await permissionWorld();
  ({ deps, app, as, close } = world);
  const company = world.company;
  const target = await makeUser(deps, company.id, { name: '対象 者' });
  const invited = await makeUser(deps, company.id, { status: 0 });
  const [otherCabinet] = await deps.database.db
    .insert(cabinets)
    .values({ companyId: company.id, name: '人事' })
    .returning();
  ids = {
    target: target.id,
    invited: invited.id,
    cabinet: world.cabinetId,
    otherCabinet: otherCabinet!.id,
  };
});
afterAll(() => close());

const routes = () =>
  [
    {
      name: 'GET /members',
      method: 'GET',
      url: '/members',
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 200 },
    },
    {
      name: 'GET /members?cabinetId (administered)',
      method: 'GET',
      url: `/members?cabinetId=${ids.cabinet}`,
      expect: { admin: 200, cabinetAdmin: 200, member: 403, otherAdmin: 404 },
    },
    {
      name: 'GET /members?cabinetId (not administered)',
      method: 'GET',
      url: `/members?cabinetId=${ids.otherCabinet}`,
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 404 },
    },
    {
      name: 'GET /users/{id}',
      method: 'GET',
      url: `/users/${ids.target}`,
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 404 },
    },
    {
      name: 'POST /users',
      method: 'POST',
      url: '/users',
      payload: { email: 'x-{who}@example.test' },
      expect: { admin: 201, cabinetAdmin: 403, member: 403, otherAdmin: 201 },
    },
    {
      name: 'PUT /users/{id}',
      method: 'PUT',
      url: `/users/${ids.target}`,
      payload: { name: '変更' },
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 404 },
    },
    {
      name: 'PUT /users/{id}/remind_register',
      method: 'PUT',
      url: `/users/${ids.invited}/remind_register`,
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 404 },
    },
    {
      name: 'DELETE /users/{id}/mfa',
      method: 'DELETE',
      url: `/users/${ids.target}/mfa`,
      expect: { admin: 200, cabinetAdmin: 403, member: 403, otherAdmin: 404 },
    },
  ] satisfies MatrixRoute[];

describe('permission matrix', () => {
  for (const who of CALLERS) {
    it(`as ${who}`, () => expectMatrix(app, as[who], who, routes()));
  }

  it('another company’s admin never sees this company’s members in a list', async () => {
    // A company of its own (the matrix above adds members to 他社): its list is exactly its one admin.
    const third = await makeCompany(deps, { name: '第三社' });
    const thirdAdmin = await makeUser(deps, third.id, { roles: ['CompanyAdmin'] });
    const res = await app.inject({
      method: 'GET',
      url: '/members?page=-1',
      headers: (await signIn(deps, thirdAdmin)).headers,
    });
    const listed = res.json<{ members: { id: string }[] }>().members.map((m) => m.id);
    expect([res.statusCode, listed]).toEqual([200, [thirdAdmin.id]]);
  });

  it('a non-admin with an invalid body still gets 403, not a validation hint', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      headers: as.member,
      payload: { email: 'bad' },
    });
    expectError(res, 'forbidden');
  });

  it('no token: 401 everywhere', async () => {
    for (const r of routes()) {
      const res = await app.inject({ method: r.method, url: r.url });
      expectError(res, 'unauthenticated');
    }
  });
});

describe('deleting a member', () => {
  it('ends their sessions at once (their token is refused); their documents stay, owned by the successor', async () => {
    const company = await makeCompany(deps, { name: '削除テスト' });
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const leaving = await makeUser(deps, company.id, { name: '退職 予定' });
    const adminHeaders = (await signIn(deps, admin)).headers;
    const leavingHeaders = (await signIn(deps, leaving)).headers;
    const [doc] = await deps.database.db
      .insert(documents)
      .values({
        companyId: company.id,
        status: 2,
        title: '契約書',
        senderId: leaving.id,
        senderName: '退職 予定',
      })
      .returning();
    expect(
      (await app.inject({ method: 'GET', url: '/me', headers: leavingHeaders })).statusCode,
    ).toBe(200);

    const del = await app.inject({
      method: 'DELETE',
      url: `/users/${leaving.id}?successorId=${admin.id}`,
      headers: adminHeaders,
    });
    expect(del.statusCode, del.body).toBe(200);

    const after = await app.inject({ method: 'GET', url: '/me', headers: leavingHeaders });
    expectError(
      after,
      'unauthenticated',
      'セッションが終了しています。もう一度ログインしてください。',
    );
    expect(
      await deps.database.db.select().from(sessions).where(eq(sessions.userId, leaving.id)),
    ).toEqual([]);
    const [kept] = await deps.database.db.select().from(documents).where(eq(documents.id, doc!.id));
    expect(kept).toMatchObject({ senderId: admin.id, senderName: '退職 予定' });
  });

  it('a demoted admin loses admin calls on the next request', async () => {
    const company = await makeCompany(deps, { name: '降格テスト' });
    const a = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const b = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const ha = (await signIn(deps, a)).headers;
    const hb = (await signIn(deps, b)).headers;
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/users/${b.id}`,
          headers: { ...ha, 'if-match': '*' },
          payload: { roles: [] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/users/${a.id}`, headers: hb })).statusCode,
    ).toBe(403);
  });
});
