/**
 * The request sequences of the real SCIM clients, replayed over HTTP against the listening api (issue 34,
 * "Proving it against the real clients"): Okta's SCIM 2.0 test suite (its Runscope "SCIM 2.0 Spec Test" and
 * the OIN provisioning checklist) and the Microsoft Entra SCIM validator / "Tutorial: Develop and plan
 * provisioning for a SCIM endpoint" request examples, with their payload shapes: the legacy Entra
 * `"op":"Replace"` with the string "False", Entra's value object with dotted keys, Okta's
 * `{"op":"replace","value":{"active":false}}`, group member add / remove by `members[value eq "…"]`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeUser } from '../../../test/support/fixtures.ts';
import { companyWithToken } from '../../../test/support/scim.world.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Every SCIM answer this test reads, as one loose shape (a resource, a list, an error). */
type Json = {
  id: string;
  userName: string;
  active: boolean;
  displayName: string;
  name: { familyName: string; givenName: string };
  members?: { value: string }[];
  Resources: Json[];
  totalResults: number;
  patch: unknown;
  filter: { supported: boolean };
  endpoint: string;
  status: string;
};

/** Randomly upper- and lower-cases letters, as Entra's validator does to the userName it filters by. */
const randomCase = (s: string) =>
  [...s].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');

describe('SCIM 2.0 as Okta and Entra ID send it', () => {
  let deps: TestDeps;
  let api: ApiApp;
  let base: string;
  let secret: string;
  let companyId: string;
  let otherSecret: string;

  async function call(method: string, path: string, body?: unknown, token = secret) {
    const res = await fetch(`${base}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body ? { 'content-type': 'application/scim+json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      body: (text ? JSON.parse(text) : null) as Json,
    };
  }

  beforeAll(async () => {
    deps = await createTestDeps();
    api = await buildApiApp(deps);
    base = await api.listen({ port: 0, host: '127.0.0.1' });
    ({ companyId, secret } = await companyWithToken(deps, api));
    otherSecret = (await companyWithToken(deps, api)).secret;
    // A fresh database on a busy machine can take more than the default minute.
  }, 180_000);
  afterAll(async () => {
    await api.close();
    await deps.cleanup();
  });

  it('answers the discovery documents in application/scim+json', async () => {
    const config = await call('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toMatch(/^application\/scim\+json/);
    expect(config.body.patch).toEqual({ supported: true });
    expect(config.body.filter.supported).toBe(true);
    const schemas = await call('GET', '/Schemas');
    expect(schemas.body.Resources.map((s) => s.id)).toEqual([USER, ENTERPRISE, GROUP]);
    const types = await call('GET', '/ResourceTypes');
    expect(types.body.Resources.map((t) => t.endpoint)).toEqual(['/Users', '/Groups']);
  });

  it('Entra ID: create, filter by random case, update, deactivate (both shapes), reactivate', async () => {
    const tag = randomBytes(4).toString('hex');
    const userName = `Test_User_${tag}@contoso.example`;
    // Entra's "Create a new user" request (validator: POST /Users).
    const created = await call('POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: `0a21f0f2-8d2a-4f8e-bf98-${tag}0000`,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: '山田', givenName: '花子' },
      roles: [],
      [ENTERPRISE]: { department: '法務部' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userName: userName.toLowerCase(),
      active: true,
      displayName: '山田 花子',
      name: { familyName: '山田', givenName: '花子' },
      externalId: `0a21f0f2-8d2a-4f8e-bf98-${tag}0000`,
      [ENTERPRISE]: { department: '法務部' },
    });
    const id = created.body.id;
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      organization: '法務部',
      name: '山田 花子',
      status: 0,
      source: 'scim',
    });

    // Duplicate: 409 uniqueness, whatever the case.
    const dup = await call('POST', '/Users', { schemas: [USER], userName: randomCase(userName) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });

    // "Get user by query": filter with a random case of the userName.
    const found = await call(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${randomCase(userName)}"`)}`,
    );
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.body.Resources.map((u) => u.id)).toEqual([id]);
    const byExternal = await call(
      'GET',
      `/Users?filter=${encodeURIComponent(`externalId eq "0a21f0f2-8d2a-4f8e-bf98-${tag}0000"`)}`,
    );
    expect(byExternal.body.Resources.map((u) => u.id)).toEqual([id]);
    const none = await call(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@contoso.example"')}`,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    // "Update user [Multi-valued properties]" and "[Single-valued properties]".
    const updated = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        {
          op: 'Replace',
          path: 'emails[type eq "work"].value',
          value: `updated_${tag}@contoso.example`,
        },
        { op: 'Replace', path: 'name.familyName', value: '佐藤' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: '総務部' },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      userName: `updated_${tag}@contoso.example`,
      displayName: '佐藤 花子',
      [ENTERPRISE]: { department: '総務部' },
    });

    // Legacy Entra: "Replace" with the string "False".
    const off = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    // Inactive users are still returned.
    expect((await call('GET', `/Users/${id}`)).body.active).toBe(false);
    const on = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body.active).toBe(true);

    // Entra's boolean shape: a value object with dotted keys.
    const dotted = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false, 'name.givenName': '春子' } }],
    });
    expect(dotted.body).toMatchObject({ active: false, displayName: '佐藤 春子' });

    // A PUT that leaves active out never suspends or restores.
    const put = await call('PUT', `/Users/${id}`, {
      schemas: [USER],
      userName: `updated_${tag}@contoso.example`,
      displayName: '佐藤 春子',
    });
    expect(put.status).toBe(200);
    expect(put.body.active).toBe(false);

    const events = await deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.targetId, id)))
      .orderBy(desc(auditEvents.seq));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'member.created',
        'member.updated',
        'member.deactivated',
        'member.restored',
      ]),
    );
    for (const e of events) {
      expect(e.actorName).toBe('Entra ID 本番');
      expect(e.details).toMatchObject({ source: 'SCIM' });
    }
  });

  it('Okta: create, get by filter, replace, deactivate with {active:false}, reactivate', async () => {
    const tag = randomBytes(4).toString('hex');
    const userName = `okta.${tag}@example.com`;
    const created = await call('POST', '/Users', {
      schemas: [USER],
      userName,
      name: { givenName: 'Taro', familyName: 'Yamada' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Taro Yamada',
      locale: 'en-US',
      externalId: `00u${tag}`,
      groups: [],
      password: 'never-stored-1A!',
      active: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.name).toMatchObject({ familyName: 'Yamada', givenName: 'Taro' });
    // Okta's "Check the user exists" before create: userName eq with count and startIndex.
    const q = await call(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}&startIndex=1&count=100`,
    );
    expect(q.body.Resources.map((u) => u.id)).toEqual([id]);
    // Okta's profile push is a PUT of the whole user.
    const put = await call('PUT', `/Users/${id}`, {
      ...created.body,
      name: { givenName: 'Jiro', familyName: 'Yamada' },
    });
    expect(put.body.displayName).toBe('Yamada Jiro');
    const off = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.body.active).toBe(false);
    const on = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body.active).toBe(true);
    // DELETE deactivates and never deletes.
    expect((await call('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await call('GET', `/Users/${id}`)).body.active).toBe(false);
  });

  it('groups: create, find by displayName without members, add and remove members', async () => {
    const tag = randomBytes(4).toString('hex');
    const a = await makeUser(deps, companyId);
    const b = await makeUser(deps, companyId);
    const created = await call('POST', '/Groups', {
      schemas: [GROUP],
      externalId: `grp-${tag}`,
      displayName: `営業部 ${tag}`,
      members: [],
    });
    expect(created.status).toBe(201);
    const gid = created.body.id;
    const found = await call(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "営業部 ${tag}"`)}`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).not.toHaveProperty('members');
    // Entra: add members in one op.
    const added = await call('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: a.id }, { value: b.id }] }],
    });
    expect(added.status).toBe(200);
    expect(added.body.members!.map((m) => m.value).sort()).toEqual([a.id, b.id].sort());
    // Okta: remove by a value filter in the path.
    const removed = await call('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${a.id}"]` }],
    });
    expect(removed.body.members!.map((m) => m.value)).toEqual([b.id]);
    // Entra: remove with the member in the value.
    const removed2 = await call('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: b.id }] }],
    });
    expect(removed2.body.members).toEqual([]);
    const renamed = await call('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: gid, displayName: `営業一部 ${tag}` } }],
    });
    expect(renamed.body.displayName).toBe(`営業一部 ${tag}`);
    expect((await call('DELETE', `/Groups/${gid}`)).status).toBe(204);
    expect((await call('GET', `/Groups/${gid}`)).status).toBe(404);
  });

  it('unknown ids, other companies and bad tokens answer in the SCIM error schema', async () => {
    const unknown = await call('GET', '/Users/7a3b0f3e-1111-4222-8333-944455556666');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ schemas: [ERROR], status: '404' });
    const mine = await makeUser(deps, companyId);
    const other = await call('GET', `/Users/${mine.id}`, undefined, otherSecret);
    expect(other.status).toBe(404);
    const otherPatch = await call(
      'PATCH',
      `/Users/${mine.id}`,
      { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] },
      otherSecret,
    );
    expect(otherPatch.status).toBe(404);
    const bad = await call('GET', '/Users', undefined, 'csscim_not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ schemas: [ERROR], status: '401' });
    const badFilter = await call('GET', `/Users?filter=${encodeURIComponent('userName eq')}`);
    expect(badFilter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });
});
