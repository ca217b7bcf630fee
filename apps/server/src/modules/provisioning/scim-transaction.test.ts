/**
 * A SCIM write is one transaction: a failure after the member (or group) row was written leaves nothing of
 * the request behind (no member, no group, no audit event, no invitation mail), so the IdP's retry starts clean.
 * Failures are injected by a database trigger on a table the request writes after the member's own row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { auditEvents, memberGroups, users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { companyWithToken, scimHeaders } from '../../../test/support/scim.world.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let deps: TestDeps;
let app: ApiApp;
let secret: string;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  ({ companyId, secret } = await companyWithToken(deps, app, 'Okta'));
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const scim = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: scimHeaders(secret),
    payload: JSON.stringify(payload),
  });

/** Every insert into `table` fails until the returned function is called. */
async function failInsertsInto(table: string) {
  const db = deps.database.db;
  await db.execute(
    sql.raw(`create or replace function scim_test_fail() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger scim_test_fail before insert on ${table}
      for each row execute function scim_test_fail()`),
  );
  return () => db.execute(sql.raw(`drop trigger scim_test_fail on ${table}`));
}

const eventsNaming = (action: string, email: string) =>
  deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), like(auditEvents.targetName, `%${email}%`)));
const memberByEmail = async (email: string) =>
  (await deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('SCIM writes in one transaction', { timeout: 60_000 }, () => {
  it('POST /Users: a failure after the member insert leaves no member, no event and no mail', async () => {
    const email = 'half.made@example.test';
    const user = {
      schemas: [USER],
      userName: email,
      externalId: 'okta-00u1',
      name: { familyName: '途中', givenName: '失敗' },
      active: true,
    };
    const mailsBefore = deps.sentMails.length;
    const restore = await failInsertsInto('provisioning_external_ids');
    try {
      const res = await scim('POST', '/Users', user);
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await memberByEmail(email)).toBeUndefined();
    expect(await eventsNaming('member.created', email)).toEqual([]);
    expect(deps.sentMails.length).toBe(mailsBefore);

    // The IdP's retry creates him as if the first attempt had never been.
    const retry = await scim('POST', '/Users', user);
    expect(retry.statusCode).toBe(201);
    expect(await memberByEmail(email)).toMatchObject({ source: 'scim', name: '途中 失敗' });
    expect(await eventsNaming('member.created', email)).toHaveLength(1);
  });

  it('PATCH /Users: a failed deactivation undoes the name change asked with it', async () => {
    const email = 'patch.rollback@example.test';
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { familyName: '変更', givenName: '前' },
    });
    const id = created.json<{ id: string }>().id;
    const restore = await failInsertsInto('provisioning_deactivations');
    try {
      const res = await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH],
        Operations: [
          { op: 'replace', path: 'name.givenName', value: '後' },
          { op: 'replace', path: 'active', value: false },
        ],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await memberByEmail(email)).toMatchObject({ name: '変更 前', status: 0 });
    expect(await eventsNaming('member.updated', email)).toEqual([]);
    expect(await eventsNaming('member.deactivated', email)).toEqual([]);
  });

  it('POST /Groups: an unknown member leaves no group behind', async () => {
    const res = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: '半端なグループ',
      members: [{ value: crypto.randomUUID() }],
    });
    expect(res.statusCode).toBe(400);
    const groups = await deps.database.db
      .select()
      .from(memberGroups)
      .where(and(eq(memberGroups.companyId, companyId), eq(memberGroups.name, '半端なグループ')));
    expect(groups).toEqual([]);
  });
});
