import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { queryRows } from '../../db/query-rows.ts';
import { NOT_EDITABLE_MESSAGE } from './cabinet-documents.service.ts';
import { cabinetAdmins, cabinetMemberGroups, cabinets, memberGroupUsers } from '../../db/schema.ts';
import { expectError } from '../../../test/support/error-body.ts';

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

const linksOf = async (cabinetId: string) =>
  (
    await queryRows<{ document_id: string }>(
      deps.database.db,
      sql`select document_id from document_cabinets where cabinet_id = ${cabinetId} order by document_id`,
    )
  ).map((r) => r.document_id);
const sorted = (ids: string[]) => [...ids].sort();
const DOC_404 = errorOf('not_found', '指定された書類が見つかりません。');

/** Each cabinet's document count as the list shows it. */
async function documentCounts(): Promise<Record<string, number>> {
  const list = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.admin });
  return Object.fromEntries(
    list
      .json<{ cabinets: { id: string; documentCount: number }[] }>()
      .cabinets.map((c) => [c.id, c.documentCount]),
  );
}

describe('POST /cabinets/{id}/documents', () => {
  it('copies without fromCabinetId and moves with it', async () => {
    const a = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.hr.id] });
    const b = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.hr.id] });
    const copy = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [a.id] },
    });
    expect([copy.statusCode, copy.json()]).toEqual([200, { linked: 1, unlinked: 0 }]);
    expect(await linksOf(w.cabinets.hr.id)).toEqual(sorted([a.id, b.id]));
    const move = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [a.id, b.id], fromCabinetId: w.cabinets.hr.id },
    });
    expect(move.json()).toEqual({ linked: 1, unlinked: 2 });
    expect(await linksOf(w.cabinets.hr.id)).toEqual([]);
    expect(await linksOf(w.cabinets.contracts.id)).toEqual(sorted([a.id, b.id]));
    // The list's counts (kept by triggers) follow every filing.
    const counts = await documentCounts();
    expect([
      counts[w.cabinets.hr.id],
      counts[w.cabinets.contracts.id],
      counts[w.cabinets.system.id],
    ]).toEqual([0, 2, 2]);
  });

  it('a move also files documents the source did not hold, and the counts follow each case', async () => {
    const { hr, contracts } = w.cabinets;
    const inNeither = await makeDocument(deps, w.company.id);
    const inBoth = await makeDocument(deps, w.company.id, { cabinetIds: [hr.id, contracts.id] });
    const inSource = await makeDocument(deps, w.company.id, { cabinetIds: [hr.id] });
    const before = await documentCounts();
    const move = await app.inject({
      method: 'POST',
      url: `/cabinets/${contracts.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [inNeither.id, inBoth.id, inSource.id], fromCabinetId: hr.id },
    });
    expect([move.statusCode, move.json()]).toEqual([200, { linked: 2, unlinked: 2 }]);
    const moved = [inNeither.id, inBoth.id, inSource.id];
    expect((await linksOf(contracts.id)).filter((id) => moved.includes(id))).toEqual(sorted(moved));
    expect((await linksOf(hr.id)).filter((id) => moved.includes(id))).toEqual([]);
    const after = await documentCounts();
    expect([after[hr.id], after[contracts.id]]).toEqual([
      before[hr.id]! - 2,
      before[contracts.id]! + 2,
    ]);
  });

  it('moving out of すべての書類 is a copy (it holds everything implicitly)', async () => {
    const d = await makeDocument(deps, w.company.id);
    const res = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [d.id], fromCabinetId: w.cabinets.system.id },
    });
    expect(res.json()).toEqual({ linked: 1, unlinked: 0 });
  });

  it('protects the system cabinet and refuses the same source and target', async () => {
    const d = await makeDocument(deps, w.company.id);
    const sys = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.system.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [d.id] },
    });
    expect([sys.statusCode, sys.json()]).toEqual([
      409,
      errorOf(
        'system_protected',
        '「すべての書類」にはすべての書類が自動で含まれるため、追加・解除はできません。',
      ),
    ]);
    const same = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [d.id], fromCabinetId: w.cabinets.hr.id },
    });
    expect([same.statusCode, same.json()]).toEqual([
      400,
      errorOf('validation_failed', '移動元と移動先に同じキャビネットは指定できません。', [
        { path: 'fromCabinetId', message: '移動元と移動先に同じキャビネットは指定できません。' },
      ]),
    ]);
  });

  it('is all-or-nothing: one document of another company answers 404 and links nothing', async () => {
    const mine = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.contracts.id] });
    const foreign = await makeDocument(deps, w.other.company.id);
    const [hrBefore, contractsBefore] = [
      await linksOf(w.cabinets.hr.id),
      await linksOf(w.cabinets.contracts.id),
    ];
    const res = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [mine.id, foreign.id], fromCabinetId: w.cabinets.contracts.id },
    });
    expect([res.statusCode, res.json()]).toEqual([404, DOC_404]);
    // Neither cabinet changed: mine is still filed in 契約書 only.
    expect(contractsBefore).toContain(mine.id);
    expect([await linksOf(w.cabinets.hr.id), await linksOf(w.cabinets.contracts.id)]).toEqual([
      hrBefore,
      contractsBefore,
    ]);
  });

  it('a cabinet admin files documents they can read, moves only from cabinets they manage', async () => {
    const inContracts = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
    });
    const inHrOnly = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.hr.id] });
    const unreadable = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.cabAdmin,
      payload: { documentIds: [inHrOnly.id] },
    });
    expect([unreadable.statusCode, unreadable.json()]).toEqual([404, DOC_404]);
    const fromOther = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.cabAdmin,
      payload: { documentIds: [inContracts.id], fromCabinetId: w.cabinets.hr.id },
    });
    expectError(fromOther, 'forbidden');
    const intoOther = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.cabAdmin,
      payload: { documentIds: [inContracts.id] },
    });
    expectError(intoOther, 'forbidden');
    const reader = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.reader,
      payload: { documentIds: [inContracts.id] },
    });
    expect([reader.statusCode, reader.json()]).toEqual([
      403,
      errorOf('forbidden', 'この操作を行う権限がありません。'),
    ]);
    const foreignCabinet = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [inContracts.id], fromCabinetId: w.other.cabinet.id },
    });
    expectError(foreignCabinet, 'not_found');
  });

  it('filing does not turn read access into edit access: a document he only reads cannot be copied or moved in', async () => {
    const db = deps.database.db;
    // The cabinet admin of 営業契約 also reads 法務共有 through 法務部, and administers 営業アーカイブ.
    const [shared] = await db
      .insert(cabinets)
      .values({ companyId: w.company.id, name: '法務共有' })
      .returning();
    const [archive] = await db
      .insert(cabinets)
      .values({ companyId: w.company.id, name: '営業アーカイブ' })
      .returning();
    await db
      .insert(cabinetMemberGroups)
      .values({ cabinetId: shared!.id, groupId: w.groups.legal.id });
    await db
      .insert(memberGroupUsers)
      .values({ groupId: w.groups.legal.id, userId: w.users.cabAdmin.id });
    await db.insert(cabinetAdmins).values({ cabinetId: archive!.id, userId: w.users.cabAdmin.id });
    const readOnly = await makeDocument(deps, w.company.id, { cabinetIds: [shared!.id] });
    const managed = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
    });
    const file = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/cabinets/${archive!.id}/documents`,
        headers: w.headers.cabAdmin,
        payload,
      });
    const refused = errorOf('forbidden', NOT_EDITABLE_MESSAGE, [
      { path: 'documentIds', message: NOT_EDITABLE_MESSAGE },
    ]);

    const copy = await file({ documentIds: [managed.id, readOnly.id] });
    expect([copy.statusCode, copy.json()]).toEqual([403, refused]);
    // A "move" from a cabinet he manages that never held the document is a copy in disguise.
    const move = await file({ documentIds: [readOnly.id], fromCabinetId: w.cabinets.contracts.id });
    expect([move.statusCode, move.json()]).toEqual([403, refused]);
    expect(await linksOf(archive!.id)).toEqual([]);
    const detail = await app.inject({
      method: 'GET',
      url: `/documents/${readOnly.id}`,
      headers: w.headers.cabAdmin,
    });
    expect([
      detail.statusCode,
      detail.json<{ document: { canEditAttribute: boolean } }>().document.canEditAttribute,
    ]).toEqual([200, false]);

    // What he manages he files: a copy between his own cabinets.
    const ok = await file({ documentIds: [managed.id] });
    expect([ok.statusCode, ok.json()]).toEqual([200, { linked: 1, unlinked: 0 }]);
    // A company admin files any company document.
    const admin = await app.inject({
      method: 'POST',
      url: `/cabinets/${archive!.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [readOnly.id] },
    });
    expect([admin.statusCode, admin.json()]).toEqual([200, { linked: 1, unlinked: 0 }]);
  });

  it('moves 10,000 documents in one call, or none of them', async () => {
    await deps.database.db.execute(sql`insert into documents (company_id, status, title)
      select ${w.company.id}, 2, '大量 ' || n from generate_series(1, 10000) n`);
    const ids = (
      await queryRows<{ id: string }>(
        deps.database.db,
        sql`select id from documents where title like '大量 %'`,
      )
    ).map((r) => r.id);
    const source = w.cabinets.contracts.id;
    const copy = await app.inject({
      method: 'POST',
      url: `/cabinets/${source}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: ids },
    });
    expect(copy.json()).toEqual({ linked: 10000, unlinked: 0 });
    const badIds = [...ids.slice(0, 9999), crypto.randomUUID()];
    const failed = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: badIds, fromCabinetId: source },
    });
    expectError(failed, 'not_found', '指定された書類が見つかりません。');
    const before = await documentCounts();
    const started = Date.now();
    const move = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: ids, fromCabinetId: source },
    });
    expect(move.json()).toEqual({ linked: 10000, unlinked: 10000 });
    expect(Date.now() - started).toBeLessThan(5000);
    const after = await documentCounts();
    expect([after[source], after[w.cabinets.hr.id]]).toEqual([
      before[source]! - 10000,
      before[w.cabinets.hr.id]! + 10000,
    ]);
    const tooMany = await app.inject({
      method: 'POST',
      url: `/cabinets/${w.cabinets.hr.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [...ids, crypto.randomUUID()] },
    });
    expect(tooMany.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'documentIds', message: '書類は一度に10,000件まで指定できます。' },
      ]),
    );
  });
});

describe('DELETE /cabinets/{id}/documents', () => {
  it('unlinks; the documents stay in すべての書類', async () => {
    const d = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.contracts.id] });
    const before = await linksOf(w.cabinets.contracts.id);
    const res = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.cabAdmin,
      payload: { documentIds: [d.id] },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { linked: 0, unlinked: 1 }]);
    // Exactly d left the cabinet, nothing else.
    expect(before).toContain(d.id);
    expect(await linksOf(w.cabinets.contracts.id)).toEqual(before.filter((id) => id !== d.id));
    const sys = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.system.id}/documents`,
      headers: w.headers.admin,
      payload: { documentIds: [d.id] },
    });
    expect([sys.statusCode, sys.json()]).toEqual([
      409,
      errorOf(
        'system_protected',
        '「すべての書類」にはすべての書類が自動で含まれるため、追加・解除はできません。',
      ),
    ]);
  });

  it('forbids readers and hides other companies', async () => {
    const d = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.contracts.id] });
    const reader = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.reader,
      payload: { documentIds: [d.id] },
    });
    expect([reader.statusCode, reader.json()]).toEqual([
      403,
      errorOf('forbidden', 'この操作を行う権限がありません。'),
    ]);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/cabinets/${w.cabinets.contracts.id}/documents`,
      headers: w.headers.otherAdmin,
      payload: { documentIds: [d.id] },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([
      404,
      errorOf('not_found', 'ご指定のデータが見つかりませんでした。'),
    ]);
    expect(await linksOf(w.cabinets.contracts.id)).toContain(d.id);
  });
});
