/**
 * Additive and subtractive cabinet calls that change nothing (adding what is there, removing what is not)
 * record nothing: no audit event, no new 更新日時, and the same answer as the call that did change it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { queryRows } from '../../db/query-rows.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** The company's audit events of one action, newest last, as the audit log would list them. */
const events = async (action: string) =>
  queryRows<{ details: Record<string, unknown> }>(
    deps.database.db,
    sql`select details from audit_events where company_id = ${w.company.id} and action = ${action}
      order by occurred_at, id`,
  );

type Call = { method: 'PUT' | 'POST' | 'DELETE'; url: string; payload: Record<string, unknown> };

/** Sends the call twice: the first changes something and records one event; the second changes nothing. */
async function twice(call: Call, action: string) {
  const before = (await events(action)).length;
  const first = await app.inject({ ...call, headers: w.headers.admin });
  expect(first.statusCode).toBe(200);
  expect((await events(action)).length).toBe(before + 1);
  const cabinetBefore = await app.inject({
    method: 'GET',
    url: call.url.split('/').slice(0, 3).join('/'),
    headers: w.headers.admin,
  });
  const second = await app.inject({ ...call, headers: w.headers.admin });
  expect(second.statusCode).toBe(200);
  expect(second.json()).toEqual(first.json());
  // Nothing recorded, nothing moved.
  expect((await events(action)).length).toBe(before + 1);
  const cabinetAfter = await app.inject({
    method: 'GET',
    url: call.url.split('/').slice(0, 3).join('/'),
    headers: w.headers.admin,
  });
  expect(cabinetAfter.json()).toEqual(cabinetBefore.json());
  return (await events(action)).at(-1)!.details;
}

describe('a cabinet call that changes nothing records nothing', () => {
  it('member groups: granting one already granted, revoking one not granted', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/member_groups`;
    await twice(
      { method: 'PUT', url, payload: { memberGroupIds: [w.groups.legal.id] } },
      'cabinet.groupsGranted',
    );
    await twice(
      { method: 'DELETE', url, payload: { memberGroupId: w.groups.legal.id } },
      'cabinet.groupRevoked',
    );
  });

  it('granting two groups, one already there, names only the new one', async () => {
    const url = `/cabinets/${w.cabinets.contracts.id}/member_groups`;
    const details = await twice(
      { method: 'PUT', url, payload: { memberGroupIds: [w.groups.sales.id, w.groups.legal.id] } },
      'cabinet.groupsGranted',
    );
    expect(details).toEqual({ groups: [{ id: w.groups.legal.id, name: '法務部' }] });
  });

  it('admins: adding one who already is, removing one who is not', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/admins`;
    const added = await twice(
      { method: 'POST', url, payload: { userIds: [w.users.reader.id] } },
      'cabinet.adminsAdded',
    );
    expect(added).toEqual({ members: [expect.objectContaining({ id: w.users.reader.id })] });
    await twice(
      { method: 'DELETE', url, payload: { userIds: [w.users.reader.id] } },
      'cabinet.adminsRemoved',
    );
  });

  it('classification rules: adding a rule already there (no backfill), removing one not there', async () => {
    const url = `/cabinets/${w.cabinets.hr.id}/classification_rules`;
    await twice(
      { method: 'POST', url, payload: { memberGroupIds: [w.groups.sales.id], backfill: false } },
      'cabinet.rulesAdded',
    );
    await twice(
      { method: 'DELETE', url, payload: { memberGroupIds: [w.groups.sales.id] } },
      'cabinet.rulesRemoved',
    );
  });

  it('documents: filing one already filed, unfiling one not filed', async () => {
    const doc = await makeDocument(deps, w.company.id, {});
    const url = `/cabinets/${w.cabinets.hr.id}/documents`;
    const countOf = async (action: string) =>
      (
        await queryRows<{ n: number }>(
          deps.database.db,
          sql`select count(*)::int as n from audit_events where company_id = ${w.company.id}
            and action = ${action} and target_id = ${doc.id}`,
        )
      )[0]!.n;
    const file = () =>
      app.inject({
        method: 'POST',
        url,
        headers: w.headers.admin,
        payload: { documentIds: [doc.id] },
      });
    expect((await file()).json()).toEqual({ linked: 1, unlinked: 0 });
    expect(await countOf('document.filed')).toBe(1);
    expect((await file()).json()).toEqual({ linked: 0, unlinked: 0 });
    expect(await countOf('document.filed')).toBe(1);

    const unfile = () =>
      app.inject({
        method: 'DELETE',
        url,
        headers: w.headers.admin,
        payload: { documentIds: [doc.id] },
      });
    expect((await unfile()).json()).toEqual({ linked: 0, unlinked: 1 });
    expect(await countOf('document.unfiled')).toBe(1);
    expect((await unfile()).json()).toEqual({ linked: 0, unlinked: 0 });
    expect(await countOf('document.unfiled')).toBe(1);
  });

  it('documents by condition: filing what is all filed already records nothing', async () => {
    await makeDocument(deps, w.company.id, { title: '条件で整理する契約 甲' });
    const url = `/cabinets/${w.cabinets.contracts.id}/documents`;
    const keyword = '条件で整理する契約';
    // Filed from the list of 「すべての書類」, unfiled from the cabinet's own list.
    const byCondition = (method: 'POST' | 'DELETE') =>
      app.inject({
        method,
        url,
        headers: w.headers.admin,
        payload: {
          conditions: {
            cabinetId: method === 'POST' ? w.cabinets.system.id : w.cabinets.contracts.id,
            keyword,
          },
        },
      });
    const filed = async () => (await events('document.filed')).length;
    const unfiled = async () => (await events('document.unfiled')).length;

    expect((await byCondition('POST')).json()).toEqual({ linked: 1, unlinked: 0 });
    const afterFirst = await filed();
    expect((await byCondition('POST')).json()).toEqual({ linked: 0, unlinked: 0 });
    expect(await filed()).toBe(afterFirst);

    expect((await byCondition('DELETE')).json()).toEqual({ linked: 0, unlinked: 1 });
    const afterUnfile = await unfiled();
    // A condition that matches nothing in the cabinet is refused (条件に一致する書類がありません), recording nothing.
    expect((await byCondition('DELETE')).statusCode).toBe(400);
    expect(await unfiled()).toBe(afterUnfile);
  });
});
