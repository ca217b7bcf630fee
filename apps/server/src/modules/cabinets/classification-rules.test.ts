import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument, makeUser } from '../../../test/support/fixtures.ts';
import { memberGroups, memberGroupUsers } from '../../db/schema.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { applyClassificationRules } from '../documents/classification.repository.ts';
import { queryRows } from '../../db/query-rows.ts';
import { RULES_NEED_COMPANY_ADMIN } from '@cloudsign/contract';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Rules = {
  cabinet: { classificationRules: { name: string }[] };
  backfill: { id: string; state: string; linked: number } | null;
};
const countLinks = async (cabinetId: string) =>
  (
    await queryRows<{ n: number }>(
      deps.database.db,
      sql`select count(*)::int as n from document_cabinets where cabinet_id = ${cabinetId}`,
    )
  )[0]!.n;

async function waitForBackfill(cabinetId: string, id: string) {
  for (let i = 0; i < 200; i += 1) {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${cabinetId}/classification_rules/backfills/${id}`,
      headers: w.headers.admin,
    });
    const { backfill } = res.json<{
      backfill: { state: string; linked: number; processed: number };
    }>();
    if (backfill.state === 'succeeded') return backfill;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backfill did not finish');
}

describe('classification rules', () => {
  it('adds and removes rule groups; documents concluded or imported later are filed once', async () => {
    const url = `/cabinets/${w.cabinets.contracts.id}/classification_rules`;
    const add = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.sales.id, w.groups.legal.id] },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json<Rules>().cabinet.classificationRules.map((g) => g.name)).toEqual([
      '営業部',
      '法務部',
    ]);
    expect(add.json<Rules>().backfill).toBeNull();
    // The reader is in 営業部; make them 法務部 too so two rules match.
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: w.groups.legal.id, userId: w.users.reader.id });
    const concluded = await makeDocument(deps, w.company.id, {
      senderId: w.users.reader.id,
      status: 2,
    });
    const imported = await makeDocument(deps, w.company.id, {
      senderId: w.users.reader.id,
      status: 13,
    });
    const byOutsider = await makeDocument(deps, w.company.id, {
      senderId: w.users.outsider.id,
      status: 2,
    });
    const linked = await deps.database.db.transaction((tx) =>
      applyClassificationRules(tx, w.company.id, [concluded.id, imported.id, byOutsider.id]),
    );
    expect(linked).toBe(2);
    const del = await app.inject({
      method: 'DELETE',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expect(del.json<Rules>().cabinet.classificationRules.map((g) => g.name)).toEqual(['営業部']);
  });

  it('only a company admin sets rules, asks their dry run or backfills: a cabinet admin pulls no one else’s documents in', async () => {
    // Documents the cabinet admin cannot read: concluded by a member of 法務部, in no cabinet he reads.
    const lawyer = await makeUser(deps, w.company.id, { name: '法務 三郎' });
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: w.groups.legal.id, userId: lawyer.id });
    const secret = await makeDocument(deps, w.company.id, {
      senderId: lawyer.id,
      status: 2,
      title: '法務の秘密契約',
    });
    const base = `/cabinets/${w.cabinets.contracts.id}/classification_rules`;
    const linksBefore = await countLinks(w.cabinets.contracts.id);
    const forbidden = errorOf('forbidden', RULES_NEED_COMPANY_ADMIN);
    const add = await app.inject({
      method: 'POST',
      url: base,
      headers: w.headers.cabAdmin,
      payload: { memberGroupIds: [w.groups.legal.id], backfill: true },
    });
    expect([add.statusCode, add.json()]).toEqual([403, forbidden]);
    const dry = await app.inject({
      method: 'POST',
      url: `${base}/dry_run`,
      headers: w.headers.cabAdmin,
      payload: { memberGroupIds: [w.groups.legal.id] },
    });
    expect([dry.statusCode, dry.json()]).toEqual([403, forbidden]);
    const del = await app.inject({
      method: 'DELETE',
      url: base,
      headers: w.headers.cabAdmin,
      payload: { memberGroupIds: [w.groups.sales.id] },
    });
    expect([del.statusCode, del.json()]).toEqual([403, forbidden]);
    // Nothing was filed, no backfill queued, and the document stays out of his reach.
    expect(await countLinks(w.cabinets.contracts.id)).toBe(linksBefore);
    const backfills = await app.inject({
      method: 'GET',
      url: `${base}/backfills`,
      headers: w.headers.cabAdmin,
    });
    expect([backfills.statusCode, backfills.json()]).toEqual([200, { backfills: [] }]);
    const detail = await app.inject({
      method: 'GET',
      url: `/documents/${secret.id}`,
      headers: w.headers.cabAdmin,
    });
    expectError(detail, 'not_found');
    // A document concluded later by 法務部 is not filed either: no rule names 法務部.
    const later = await makeDocument(deps, w.company.id, { senderId: lawyer.id, status: 2 });
    expect(
      await deps.database.db.transaction((tx) =>
        applyClassificationRules(tx, w.company.id, [later.id]),
      ),
    ).toBe(0);
  });

  it('protects the system cabinet, forbids readers, 404 for another company’s group', async () => {
    const sys = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.system.id}/classification_rules`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.sales.id] },
    });
    expect([sys.statusCode, sys.json()]).toEqual([
      409,
      errorOf(
        'system_protected',
        '「すべての書類」にはすべての書類が自動で含まれるため、自動振り分けルールは設定できません。',
      ),
    ]);
    const reader = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/classification_rules`,
      headers: w.headers.reader,
      payload: { memberGroupIds: [w.groups.sales.id] },
    });
    expectError(
      reader,
      'forbidden',
      '自動振り分けルールの設定は、組織管理権限を持つメンバーだけができます（ルールは他のメンバーの書類をこのキャビネットに集めるためです）。',
    );
    const foreign = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/classification_rules/dry_run`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.other.group.id] },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([
      404,
      errorOf('not_found', '指定されたメンバーグループが見つかりません。'),
    ]);
    const otherCompany = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/classification_rules`,
      headers: w.headers.otherAdmin,
      payload: { memberGroupIds: [w.other.group.id] },
    });
    expectError(otherCompany, 'not_found');
  });

  it('the dry run counts what the backfill then files; a second backfill files nothing', async () => {
    const sender = await makeUser(deps, w.company.id);
    const [accounting] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: w.company.id, name: '経理部' })
      .returning();
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: accounting!.id, userId: sender.id });
    const groupIds = [accounting!.id];
    for (let i = 0; i < 7; i += 1)
      await makeDocument(deps, w.company.id, { senderId: sender.id, status: i < 5 ? 2 : 13 });
    await makeDocument(deps, w.company.id, { senderId: sender.id, status: 0 }); // a draft is never filed
    await makeDocument(deps, w.company.id, {
      senderId: sender.id,
      status: 2,
      cabinetIds: [w.cabinets.hr.id],
    }); // already there
    const url = `/cabinets/${w.cabinets.hr.id}/classification_rules`;
    const dry = await app.inject({
      method: 'POST',
      url: `${url}/dry_run`,
      headers: w.headers.admin,
      payload: { memberGroupIds: groupIds },
    });
    expect([dry.statusCode, dry.json()]).toEqual([200, { count: 7 }]);
    const before = await countLinks(w.cabinets.hr.id);
    const add = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: groupIds, backfill: true },
    });
    const { backfill } = add.json<Rules>();
    expect(backfill).toMatchObject({ state: 'queued', linked: 0 });
    const done = await waitForBackfill(w.cabinets.hr.id, backfill!.id);
    expect(done).toMatchObject({ state: 'succeeded', linked: 7, processed: 8 });
    expect((await countLinks(w.cabinets.hr.id)) - before).toBe(7);
    const dryAgain = await app.inject({
      method: 'POST',
      url: `${url}/dry_run`,
      headers: w.headers.admin,
      payload: { memberGroupIds: groupIds },
    });
    expect(dryAgain.json()).toEqual({ count: 0 });
    const again = await app.inject({
      method: 'POST',
      url,
      headers: w.headers.admin,
      payload: { memberGroupIds: groupIds, backfill: true },
    });
    expect(await waitForBackfill(w.cabinets.hr.id, again.json<Rules>().backfill!.id)).toMatchObject(
      { linked: 0 },
    );
    const list = await app.inject({
      method: 'GET',
      url: `${url}/backfills`,
      headers: w.headers.admin,
    });
    expect(list.json<{ backfills: unknown[] }>().backfills).toHaveLength(2);
  });

  it('the system group in a rule means every member', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: w.headers.admin,
      payload: { name: '全社の書類' },
    });
    const id = created.json<{ cabinet: { id: string } }>().cabinet.id;
    await makeDocument(deps, w.company.id, { senderId: w.users.outsider.id, status: 2 });
    const dry = await app.inject({
      method: 'POST',
      url: `/cabinets/${id}/classification_rules/dry_run`,
      headers: w.headers.admin,
      payload: { memberGroupIds: [w.groups.everyone.id] },
    });
    const [{ n }] = (await queryRows<{ n: number }>(
      deps.database.db,
      sql`select count(*)::int as n from documents where company_id = ${w.company.id} and status in (2, 13) and sender_id is not null`,
    )) as [{ n: number }];
    expect(dry.json()).toEqual({ count: n });
  });

  it('a backfill of another cabinet or company is not found', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/cabinets/${w.cabinets.contracts.id}/classification_rules/backfills/${crypto.randomUUID()}`,
      headers: w.headers.admin,
    });
    expectError(res, 'not_found');
  });
});
