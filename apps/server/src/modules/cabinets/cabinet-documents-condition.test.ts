import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CABINET_CONDITION_TOO_MANY } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { errorOf, makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { queryRows } from '../../db/query-rows.ts';
import { NOT_EDITABLE_MESSAGE } from './cabinet-documents.service.ts';
import { cabinetMemberGroups, cabinets, memberGroupUsers } from '../../db/schema.ts';

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
const call = (method: 'POST' | 'DELETE', cabinetId: string, headers: object, payload: object) =>
  app.inject({
    method,
    url: `/cabinets/${cabinetId}/documents`,
    headers: headers as never,
    payload,
  });

describe('filing by the document list condition', () => {
  it('copies, moves and unlinks every document matching the condition, and only those', async () => {
    const { hr, contracts } = w.cabinets;
    const hit = await Promise.all(
      ['甲', '乙', '丙'].map((n) =>
        makeDocument(deps, w.company.id, { title: `秘密保持契約 ${n}`, cabinetIds: [hr.id] }),
      ),
    );
    const miss = await makeDocument(deps, w.company.id, {
      title: '業務委託契約',
      cabinetIds: [hr.id],
    });
    const conditions = { cabinetId: hr.id, keyword: '秘密保持' };

    const copy = await call('POST', contracts.id, w.headers.admin, { conditions });
    expect([copy.statusCode, copy.json()]).toEqual([200, { linked: 3, unlinked: 0 }]);
    expect(await linksOf(contracts.id)).toEqual(sorted(hit.map((d) => d.id)));

    // Moving back from 営業契約: the condition's cabinet is the source when it is left out.
    const move = await call('POST', hr.id, w.headers.admin, {
      conditions: { keyword: '秘密保持契約 乙' },
      fromCabinetId: contracts.id,
    });
    expect([move.statusCode, move.json()]).toEqual([200, { linked: 0, unlinked: 1 }]);
    expect(await linksOf(contracts.id)).toEqual(sorted([hit[0]!.id, hit[2]!.id]));

    const unlink = await call('DELETE', hr.id, w.headers.admin, { conditions });
    expect([unlink.statusCode, unlink.json()]).toEqual([200, { linked: 0, unlinked: 3 }]);
    expect(await linksOf(hr.id)).toEqual([miss.id]);

    const list = await app.inject({ method: 'GET', url: '/cabinets', headers: w.headers.admin });
    const counts = Object.fromEntries(
      list
        .json<{ cabinets: { id: string; documentCount: number }[] }>()
        .cabinets.map((c) => [c.id, c.documentCount]),
    );
    expect([counts[hr.id], counts[contracts.id]]).toEqual([1, 2]);

    const none = await call('DELETE', hr.id, w.headers.admin, { conditions });
    expect([none.statusCode, none.json()]).toEqual([
      400,
      errorOf('validation_failed', '条件に一致する書類がありません。', [
        { path: 'conditions', message: '条件に一致する書類がありません。' },
      ]),
    ]);
  });

  it('takes exactly one of the id list and the condition, and the source as the condition cabinet', async () => {
    const d = await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.hr.id] });
    const message =
      '書類は、書類のID（documentIds）か検索条件（conditions）のどちらか一方で指定してください。';
    const both = await call('POST', w.cabinets.contracts.id, w.headers.admin, {
      documentIds: [d.id],
      conditions: { cabinetId: w.cabinets.hr.id },
    });
    expect([both.statusCode, both.json()]).toEqual([
      400,
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'documentIds', message },
      ]),
    ]);
    const neither = await call('DELETE', w.cabinets.hr.id, w.headers.admin, {});
    expect(neither.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [
        { path: 'documentIds', message },
      ]),
    );
    const unknownKey = await call('POST', w.cabinets.contracts.id, w.headers.admin, {
      conditions: { cabinetId: w.cabinets.hr.id, titel: 'x' },
    });
    expect(unknownKey.statusCode).toBe(400);
    const noCabinet = await call('POST', w.cabinets.contracts.id, w.headers.admin, {
      conditions: { keyword: 'x' },
    });
    const needCabinet = '条件で選ぶときは、書類一覧のキャビネット（cabinetId）を指定してください。';
    expect([noCabinet.statusCode, noCabinet.json()]).toEqual([
      400,
      errorOf('validation_failed', needCabinet, [
        { path: 'conditions.cabinetId', message: needCabinet },
      ]),
    ]);
    const otherSource = await call('POST', w.cabinets.contracts.id, w.headers.admin, {
      conditions: { cabinetId: w.cabinets.system.id },
      fromCabinetId: w.cabinets.hr.id,
    });
    const sameSource =
      '条件のキャビネット（cabinetId）には、書類を外す（移動元の）キャビネットを指定してください。';
    expect([otherSource.statusCode, otherSource.json()]).toEqual([
      400,
      errorOf('validation_failed', sameSource, [
        { path: 'conditions.cabinetId', message: sameSource },
      ]),
    ]);
  });

  it("hides other companies' cabinets and forbids readers", async () => {
    await makeDocument(deps, w.other.company.id, { cabinetIds: [w.other.cabinet.id] });
    const foreignSource = await call('POST', w.cabinets.contracts.id, w.headers.admin, {
      conditions: { cabinetId: w.other.cabinet.id },
    });
    expect([foreignSource.statusCode, foreignSource.json()]).toEqual([
      404,
      errorOf('not_found', '指定されたキャビネットが見つかりません。', [
        { path: 'conditions.cabinetId', message: '指定されたキャビネットが見つかりません。' },
      ]),
    ]);
    const foreignTarget = await call('POST', w.other.cabinet.id, w.headers.admin, {
      conditions: { cabinetId: w.cabinets.hr.id },
    });
    expect([foreignTarget.statusCode, foreignTarget.json()]).toEqual([
      404,
      errorOf('not_found', 'ご指定のデータが見つかりませんでした。'),
    ]);
    const foreignDelete = await call('DELETE', w.other.cabinet.id, w.headers.admin, {
      conditions: {},
    });
    expect(foreignDelete.statusCode).toBe(404);

    // The reader reads 営業契約 (through 営業部) but manages nothing.
    const reader = await call('DELETE', w.cabinets.contracts.id, w.headers.reader, {
      conditions: {},
    });
    expect([reader.statusCode, reader.json()]).toEqual([
      403,
      errorOf('forbidden', 'この操作を行う権限がありません。'),
    ]);
  });

  it('a cabinet admin files by condition only documents he may edit, else nothing', async () => {
    const db = deps.database.db;
    const [shared] = await db
      .insert(cabinets)
      .values({ companyId: w.company.id, name: '法務共有（条件）' })
      .returning();
    await db
      .insert(cabinetMemberGroups)
      .values({ cabinetId: shared!.id, groupId: w.groups.legal.id });
    await db
      .insert(memberGroupUsers)
      .values({ groupId: w.groups.legal.id, userId: w.users.cabAdmin.id })
      .onConflictDoNothing();
    const managed = await makeDocument(deps, w.company.id, {
      title: '共有 編集可',
      cabinetIds: [shared!.id, w.cabinets.contracts.id],
    });
    await makeDocument(deps, w.company.id, { title: '共有 閲覧のみ', cabinetIds: [shared!.id] });
    const before = await linksOf(w.cabinets.contracts.id);

    // Copying from 法務共有 (he only reads it) into 営業契約 (he manages it).
    const refused = await call('POST', w.cabinets.contracts.id, w.headers.cabAdmin, {
      conditions: { cabinetId: shared!.id, keyword: '共有' },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      errorOf('forbidden', NOT_EDITABLE_MESSAGE, [
        { path: 'conditions', message: NOT_EDITABLE_MESSAGE },
      ]),
    ]);
    expect(await linksOf(w.cabinets.contracts.id)).toEqual(before);
    const narrowed = await call('POST', w.cabinets.contracts.id, w.headers.cabAdmin, {
      conditions: { cabinetId: shared!.id, keyword: '編集可' },
    });
    expect([narrowed.statusCode, narrowed.json()]).toEqual([200, { linked: 0, unlinked: 0 }]);
    expect(await linksOf(w.cabinets.contracts.id)).toContain(managed.id);
    // A cabinet he cannot read is a missing one.
    const unreadable = await call('POST', w.cabinets.contracts.id, w.headers.cabAdmin, {
      conditions: { cabinetId: w.cabinets.hr.id },
    });
    expect(unreadable.statusCode).toBe(404);
  });

  it('refuses more matches than one call may file, naming the limit, and writes nothing', async () => {
    await deps.database.db.execute(sql`insert into documents (company_id, status, title)
      select ${w.company.id}, 2, '大量 ' || n from generate_series(1, 10001) n`);
    const before = await linksOf(w.cabinets.hr.id);
    const res = await call('POST', w.cabinets.hr.id, w.headers.admin, {
      conditions: { cabinetId: w.cabinets.system.id },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      errorOf('validation_failed', CABINET_CONDITION_TOO_MANY, [
        { path: 'conditions', message: CABINET_CONDITION_TOO_MANY },
      ]),
    ]);
    expect(CABINET_CONDITION_TOO_MANY).toContain('10,000件まで');
    expect(await linksOf(w.cabinets.hr.id)).toEqual(before);
  });
});
