/**
 * A user the IdP creates with `active: false` (Okta and Entra push disabled accounts in scope) is created
 * 利用停止 with no invitation mailed, since its link could not be used; the IdP's later reactivation invites
 * him, as an admin's 利用再開 followed by 登録メールを再送 would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { PASSWORD_SETUP_SUBJECT } from '../../auth/password-setup.ts';
import { auditEvents } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeUser } from '../../../test/support/fixtures.ts';
import { companyWithToken, scimHeaders } from '../../../test/support/scim.world.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let secret: string;
let companyId: string;

beforeAll(async () => {
  // The worker mails the invitations of SCIM-created members (scim-invitations.ts).
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  ({ companyId, headers, secret } = await companyWithToken(deps, app, 'Okta'));
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const scim = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: scimHeaders(secret),
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
const mailsTo = (email: string) =>
  deps.sentMails.filter((m) => m.to === email && m.subject === PASSWORD_SETUP_SUBJECT);
const consoleStatus = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/users/${id}`, headers })).json<{
    user: { status: number };
  }>().user.status;
const eventsOf = async (id: string) =>
  (
    await deps.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.targetId, id)))
      .orderBy(asc(auditEvents.seq))
  ).map((e) => ({ action: e.action, details: e.details }));

describe('a user created inactive', { timeout: 60_000 }, () => {
  it('is 利用停止 from the start, mailed nothing, and invited when the IdP activates him', async () => {
    const email = 'disabled.in.idp@example.test';
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { familyName: '停止', givenName: '太郎' },
      active: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect(created.json()).toMatchObject({ userName: email, active: false });
    expect(mailsTo(email)).toEqual([]);
    expect(await consoleStatus(id)).toBe(3);
    expect((await scim('GET', `/Users/${id}`)).json()).toMatchObject({ active: false });
    // Created as he is: one event, no deactivation of a member who was never active.
    expect(await eventsOf(id)).toEqual([
      {
        action: 'member.created',
        details: expect.objectContaining({ status: { before: null, after: 3 } }) as unknown,
      },
    ]);

    // Entra's legacy shape, a string.
    const activated = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ active: true });
    expect(await consoleStatus(id)).toBe(0);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/password_setup\/[A-Za-z0-9_-]{20,}/);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual([
      'member.created',
      'member.restored',
      'member.invitationResent',
    ]);
  });

  it('an active user deactivated and activated again gets a fresh link; one with a password gets none', async () => {
    const email = 'back.again@example.test';
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { familyName: '復帰', givenName: '花子' },
    });
    const id = created.json<{ id: string }>().id;
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
    const set = (active: boolean) =>
      scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', value: { active } }],
      });
    expect((await set(false)).json()).toMatchObject({ active: false });
    expect((await set(true)).json()).toMatchObject({ active: true });
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1]!.text).not.toContain(
      /\/password_setup\/(\S+)/.exec(mailsTo(email)[0]!.text)![1],
    );

    // A member who has set his password signs in with it again: no mail.
    const registered = await makeUser(deps, companyId, {
      email: 'registered@example.test',
      passwordHash: 'set-by-the-member',
    });
    const deactivated = await app.inject({
      method: 'PUT',
      url: `/users/${registered.id}/deactivate`,
      headers,
    });
    expect(deactivated.statusCode).toBe(200);
    const restored = await scim('PATCH', `/Users/${registered.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(restored.json()).toMatchObject({ active: true });
    expect(await consoleStatus(registered.id)).toBe(1);
    expect(mailsTo('registered@example.test')).toEqual([]);
  });
});
