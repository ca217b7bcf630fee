/**
 * What dies when a member's email changes (single edit and bulk edit) or his MFA is reset: setup links,
 * sessions and the API tokens bound to them. Seen as a client sees it: the old link's page, the new mail,
 * the token call of a signed-in browser, an API call with a JWT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { buildSiteApp } from '../../site-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  logIn,
  makeLoginUser,
  PASSWORD,
  postForm,
  tokenRequest,
} from '../../../test/support/site.world.ts';
import {
  execute,
  settle,
  uploadAndCheck,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let api: ApiApp;
let site: FastifyInstance;
let companyId: string;
let headers: Headers;
let adminSession: string;
let adminId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  api = await buildApiApp(deps);
  site = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, {
    name: '管理 花子',
    email: 'admin@example.test',
    roles: ['CompanyAdmin'],
  });
  adminId = admin.id;
  ({ headers, sessionId: adminSession } = await signIn(deps, admin));
});
afterAll(async () => {
  await site.close();
  await api.close();
  await deps.cleanup();
});

const linkOf = (to: string) => {
  const mail = deps.sentMails.filter((m) => m.to === to).at(-1);
  return mail ? /\/password_setup\/[\w-]+/.exec(mail.text)![0] : undefined;
};
// These tests are about what an email change does, not about versions: each save overwrites on purpose.
const put = (url: string, payload: object) =>
  api.inject({ method: 'PUT', url, headers: { ...headers, 'if-match': '*' }, payload });
const me = (h: Headers) => api.inject({ method: 'GET', url: '/me', headers: h });

async function invite(email: string) {
  const res = await api.inject({
    method: 'POST',
    url: '/users',
    headers,
    payload: { email, name: '招待 太郎' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ user: { id: string } }>().user.id;
}

describe('PUT /users/{id} changing the email', () => {
  it('of an invited member: the old link dies and a fresh one goes to the new address only', async () => {
    const id = await invite('typo@exampel.test');
    const oldLink = linkOf('typo@exampel.test')!;
    expect((await site.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);

    const res = await put(`/users/${id}`, { email: 'right@example.test' });
    expect(res.statusCode, res.body).toBe(200);
    const dead = await site.inject({ method: 'GET', url: oldLink });
    expect(dead.statusCode).toBe(404);
    expect(dead.body).toContain('このリンクは無効です');
    const newLink = linkOf('right@example.test')!;
    expect(newLink).not.toBe(oldLink);
    const page = await site.inject({ method: 'GET', url: newLink });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('right@example.test');
    expect(deps.sentMails.filter((m) => m.to === 'typo@exampel.test')).toHaveLength(1);
  });

  it('of a registered member: every browser and API token of his is signed out; he signs in with the new address', async () => {
    const member = await makeLoginUser(deps, companyId, { email: 'old.address@example.test' });
    const { res: first, cookie } = await logIn(site, member.email, PASSWORD, { ip: '192.0.2.10' });
    const device = first.cookies.find((c) => c.name === 'cs_device')!.value;
    const api1 = await signIn(deps, member);
    expect((await tokenRequest(site, cookie)).statusCode).toBe(200);
    const mailsBefore = deps.sentMails.length;

    expect(
      (await put(`/users/${member.id}`, { email: 'new.address@example.test' })).statusCode,
    ).toBe(200);
    expect((await tokenRequest(site, cookie)).statusCode).toBe(403);
    expect((await me(api1.headers)).statusCode).toBe(401);
    expect(deps.sentMails.length).toBe(mailsBefore);
    expect(
      (await logIn(site, 'old.address@example.test', PASSWORD, { ip: '192.0.2.10' })).res
        .statusCode,
    ).toBe(400);
    // The browser known to the old address is not spared the login limits any more.
    for (let i = 0; i < 5; i += 1)
      await postForm(
        site,
        '/login',
        { email: 'new.address@example.test', password: 'wrong-password-1' },
        { ip: `192.0.2.${20 + i}` },
      );
    const fromOldBrowser = await postForm(
      site,
      '/login',
      { email: 'new.address@example.test', password: PASSWORD },
      { ip: '192.0.2.10', headers: { cookie: `cs_device=${device}` } },
    );
    expect(fromOldBrowser.statusCode).toBe(429);
  });

  it('other changes (name, roles) and the same email again leave links and sessions alone', async () => {
    const id = await invite('keep@example.test');
    const link = linkOf('keep@example.test')!;
    const member = await makeLoginUser(deps, companyId);
    const session = await signIn(deps, member);
    expect(
      (
        await put(`/users/${id}`, {
          name: '別名',
          email: 'keep@example.test',
          roles: ['CompanyApprover'],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await put(`/users/${member.id}`, { name: '別名', roles: ['CompanyApprover'] })).statusCode,
    ).toBe(200);
    expect((await site.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect((await me(session.headers)).statusCode).toBe(200);
    expect(deps.sentMails.filter((m) => m.to === 'keep@example.test')).toHaveLength(1);
  });

  it("of the admin himself keeps the admin's own session and ends his others", async () => {
    const other = await signIn(deps, { id: adminId, companyId });
    expect(other.sessionId).not.toBe(adminSession);
    expect(
      (await put(`/users/${adminId}`, { email: 'admin.renamed@example.test' })).statusCode,
    ).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(other.headers)).statusCode).toBe(401);
  });
});

describe('DELETE /users/{id}/mfa (MFA reset)', () => {
  it("signs the member out everywhere: a lost or exposed second factor's sessions do not live on", async () => {
    const member = await makeLoginUser(deps, companyId, {
      mfa: 1,
      mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    const session = await signIn(deps, member);
    expect((await me(session.headers)).statusCode).toBe(200);
    const res = await api.inject({ method: 'DELETE', url: `/users/${member.id}/mfa`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { mfa: number } }>().user.mfa).toBe(2);
    expect((await me(session.headers)).statusCode).toBe(401);
  });
});

describe('bulk edit changing emails', () => {
  it("kills the invited member's link and mails a fresh one to the new address; signs the registered one out", async () => {
    await invite('bulk.typo@exampel.test');
    const oldLink = linkOf('bulk.typo@exampel.test')!;
    const registered = await makeLoginUser(deps, companyId, { email: 'bulk.old@example.test' });
    const session = await signIn(deps, registered);

    const template = await api.inject({
      method: 'POST',
      url: '/members/bulk_edit/csv_template',
      headers,
      payload: { filters: {}, encoding: 'utf8bom' },
    });
    expect(template.statusCode, template.body).toBe(202);
    const tid = template.json<{ manipulation: { id: string } }>().manipulation.id;
    await settle(api, headers, tid, `/members/bulk_edit/csv_template/${tid}`);
    const file = await api.inject({
      method: 'GET',
      url: `/members/bulk_edit/csv_template/${tid}/csv`,
      headers,
    });
    const lines = file.rawPayload
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    lines.find((l) => l[1] === 'bulk.typo@exampel.test')![1] = 'bulk.right@example.test';
    lines.find((l) => l[1] === 'bulk.old@example.test')![1] = 'bulk.new@example.test';

    const m = await uploadAndCheck(
      api,
      headers,
      'bulk_edit',
      Buffer.from(lines.map((l) => l.join(',')).join('\r\n')),
    );
    expect(m.counts).toMatchObject({ update: 2 });
    await execute(api, headers, m.id);
    expect((await settle(api, headers, m.id)).status).toBe(6);

    expect((await site.inject({ method: 'GET', url: oldLink })).statusCode).toBe(404);
    expect((await me(session.headers)).statusCode).toBe(401);
    // The invitation job mails inside its transaction and commits just after: the link opens once it has.
    let page = { statusCode: 0, body: '' };
    for (let i = 0; i < 100 && page.statusCode !== 200; i += 1) {
      const link = linkOf('bulk.right@example.test');
      if (link) page = await site.inject({ method: 'GET', url: link });
      if (page.statusCode !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('bulk.right@example.test');
    expect(linkOf('bulk.new@example.test')).toBeUndefined();
  });
});
