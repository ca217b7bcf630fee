/**
 * A deactivation held by the brake answers the IdP as it asked (`active: false`), on the PATCH and on every
 * later read, while the member stays 有効 and nothing is applied; an admin's 「取り消す」 makes him read
 * `active: true` again (the IdP reconciles), 「適用する」 keeps him `active: false`, and the IdP's own
 * reactivation drops the hold (docs/design.md "Leavers from provisioning").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { companyWithToken, scimHeaders } from '../../../test/support/scim.world.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type ScimUser = { id: string; active: boolean };
type List = { totalResults: number; Resources: ScimUser[] };

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let secret: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  ({ headers, secret } = await companyWithToken(deps, app));
  // One deactivation an hour: the second one waits.
  const saved = await app.inject({
    method: 'PUT',
    url: '/company/provisioning/leavers',
    headers: { ...headers, 'if-match': '*' },
    payload: { successorRule: 'cabinetAdmins', fallbackMemberId: null, brakeThreshold: 1 },
  });
  expect(saved.statusCode).toBe(200);
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const scim = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: scimHeaders(secret),
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
const create = async (userName: string) =>
  (await scim('POST', '/Users', { schemas: [USER], userName })).json<ScimUser>().id;
/** Entra's legacy shape: a string "False". */
const deactivate = (id: string) =>
  scim('PATCH', `/Users/${id}`, {
    schemas: [PATCH],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  });
const activeOf = async (id: string) => (await scim('GET', `/Users/${id}`)).json<ScimUser>().active;
const statusOf = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!.status;
const queue = async () =>
  (await app.inject({ method: 'GET', url: '/company/provisioning/deactivations', headers })).json<{
    queue: { queued: { id: string; member: { id: string } }[] };
  }>().queue.queued;
const decide = (what: 'apply' | 'cancel', ids: string[]) =>
  app.inject({
    method: 'POST',
    url: `/company/provisioning/deactivations/${what}`,
    headers,
    payload: { ids },
  });

describe('a deactivation held by the brake', { timeout: 60_000 }, () => {
  let first: string;
  let held: string;

  it('answers the PATCH with active:false, applies nothing, and GET and filters agree', async () => {
    first = await create('first.leaver@example.test');
    held = await create('held.leaver@example.test');
    const applied = await deactivate(first);
    expect(applied.json<ScimUser>().active).toBe(false);
    expect(await statusOf(first)).toBe(3);

    const res = await deactivate(held);
    expect(res.statusCode).toBe(200);
    expect(res.json<ScimUser>().active).toBe(false);
    // Nothing applied: the member is still 招待中 (not 利用停止) and waits in the queue.
    expect(await statusOf(held)).toBe(0);
    expect((await queue()).map((r) => r.member.id)).toEqual([held]);

    expect(await activeOf(held)).toBe(false);
    const inactive = (
      await scim('GET', `/Users?filter=${encodeURIComponent('active eq false')}`)
    ).json<List>();
    expect(inactive.Resources.map((u) => u.id).sort()).toEqual([first, held].sort());
    const active = (
      await scim('GET', `/Users?filter=${encodeURIComponent('active eq true')}`)
    ).json<List>();
    expect(active.Resources.map((u) => u.id)).not.toContain(held);
    // The IdP resends its state: still held once, still answered as asked.
    expect((await deactivate(held)).json<ScimUser>().active).toBe(false);
    expect(await queue()).toHaveLength(1);
  });

  it('「取り消す」: GET answers active:true again and the member was never deactivated', async () => {
    const [row] = await queue();
    expect((await decide('cancel', [row!.id])).statusCode).toBe(200);
    expect(await activeOf(held)).toBe(true);
    expect(await statusOf(held)).toBe(0);
  });

  it('「適用する」: GET keeps answering active:false, now 利用停止', async () => {
    expect((await deactivate(held)).json<ScimUser>().active).toBe(false);
    const [row] = await queue();
    expect((await decide('apply', [row!.id])).statusCode).toBe(200);
    expect(await activeOf(held)).toBe(false);
    expect(await statusOf(held)).toBe(3);
  });

  it("the IdP's reactivation drops a held deactivation and answers active:true", async () => {
    const other = await create('back.again@example.test');
    expect((await deactivate(other)).json<ScimUser>().active).toBe(false);
    expect(await queue()).toHaveLength(1);
    const res = await scim('PATCH', `/Users/${other}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(res.json<ScimUser>().active).toBe(true);
    expect(await queue()).toEqual([]);
    expect(await statusOf(other)).toBe(0);
  });
});
