/**
 * Saving 書類情報 as two admins do (issue 30): a save names the 更新日時 it was based on (If-Match); one based
 * on a stale read or on none is refused and changes nothing; a save that changes nothing changes nothing (no
 * 更新日時, no audit event, the list order kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeDocumentsWorld, type DocumentsWorld } from '../../../test/support/documents.world.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Detail = { id: string; updatedAt: string; attribute: Record<string, unknown> };

const get = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/documents/${id}`, headers: w.headers.admin })).json<{
    document: Detail;
  }>().document;
const put = (id: string, version: string | null, payload: object, headers = w.headers.admin) =>
  app.inject({
    method: 'PUT',
    url: `/documents/${id}/attribute`,
    headers: version === null ? headers : { ...headers, 'if-match': ifMatchOf(version) },
    payload,
  });
const documentEvents = async () =>
  findEventPage(deps.database.db, { companyId: w.company.id, category: 'document' }, 50);
const listOrder = async () =>
  (await app.inject({ method: 'GET', url: '/documents', headers: w.headers.admin }))
    .json<{ documents: { id: string }[] }>()
    .documents.map((d) => d.id);

const OLD = new Date('2024-01-01T00:00:00Z');

describe('PUT /documents/{id}/attribute with nothing changed', () => {
  it('answers the document as it is: same 更新日時, no audit event, the list order kept', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '売買契約書',
      counterparty: '株式会社東京商事',
      amount: 1000,
      localId: 'K-9',
      options: { [w.options.dept.id]: '営業部' },
      updatedAt: OLD,
    });
    await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '新しい書類',
      updatedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const order = await listOrder();
    const events = (await documentEvents()).length;

    // What the console sends for an untouched form: every field, empty items as null.
    const res = await put(doc.id, OLD.toISOString(), {
      title: null,
      counterparty: '株式会社東京商事',
      contractAt: null,
      validityStartAt: null,
      validityEndAt: null,
      validityEndNoticeAt: null,
      autoUpdate: 0,
      localId: 'K-9',
      amount: 1000,
      options: { [w.options.dept.id]: '営業部' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ document: Detail }>().document.updatedAt).toBe(OLD.toISOString());
    expect((await put(doc.id, OLD.toISOString(), {})).statusCode).toBe(200);
    expect((await get(doc.id)).updatedAt).toBe(OLD.toISOString());
    expect(await documentEvents()).toHaveLength(events);
    expect(await listOrder()).toEqual(order);
  });

  it('a real change still moves 更新日時 and is recorded once', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '賃貸借契約書',
      updatedAt: OLD,
    });
    const events = (await documentEvents()).length;
    const res = await put(doc.id, OLD.toISOString(), { counterparty: '大阪物産株式会社' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ document: Detail }>().document.updatedAt > OLD.toISOString()).toBe(true);
    expect(await documentEvents()).toHaveLength(events + 1);
  });
});

const STALE =
  'ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。';

describe('PUT /documents/{id}/attribute based on a stale read', () => {
  it('the second of two admins who read the same version is refused with 409 and changes nothing', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '業務委託契約書',
      counterparty: '株式会社東京商事',
      updatedAt: OLD,
    });
    const read = (await get(doc.id)).updatedAt;
    const first = await put(doc.id, read, { counterparty: '大阪物産株式会社' });
    expect(first.statusCode, first.body).toBe(200);
    const events = (await documentEvents()).length;

    const second = await put(doc.id, read, { localId: 'K-2' }, w.headers.cabAdmin);
    expectError(second, 'stale_version');
    expect(second.json<{ error: { message: string } }>().error.message).toBe(STALE);
    const now = await get(doc.id);
    expect(now.attribute).toMatchObject({ counterparty: '大阪物産株式会社', localId: null });
    expect(now.updatedAt).toBe(first.json<{ document: Detail }>().document.updatedAt);
    expect(await documentEvents()).toHaveLength(events);

    // Saved again on the version just read, it goes through.
    const again = await put(doc.id, now.updatedAt, { localId: 'K-2' }, w.headers.cabAdmin);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a stale save of unchanged values is refused too (it says nothing about what is stored now)', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '覚書',
      updatedAt: OLD,
    });
    await put(doc.id, OLD.toISOString(), { counterparty: '大阪物産株式会社' });
    expectError(await put(doc.id, OLD.toISOString(), {}), 'stale_version');
  });

  it('a save without If-Match is refused with 428 and changes nothing', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '請負契約書',
      updatedAt: OLD,
    });
    const res = await put(doc.id, null, { counterparty: '大阪物産株式会社' });
    expectError(res, 'version_required');
    const now = await get(doc.id);
    expect(now.attribute).toMatchObject({ counterparty: null });
    expect(now.updatedAt).toBe(OLD.toISOString());
  });

  it('another company still gets 404 and a reader 403 before any version is compared', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '秘密保持契約書',
      updatedAt: OLD,
    });
    expectError(
      await put(doc.id, '2000-01-01T00:00:00.000Z', {}, w.headers.otherAdmin),
      'not_found',
    );
    expectError(await put(doc.id, '2000-01-01T00:00:00.000Z', {}, w.headers.reader), 'forbidden');
  });

  it('two saves sent at once on the same version: exactly one is written', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '売買基本契約書',
      updatedAt: OLD,
    });
    const v = OLD.toISOString();
    const answers = await Promise.all([
      put(doc.id, v, { localId: 'A' }),
      put(doc.id, v, { localId: 'B' }, w.headers.cabAdmin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect((await get(doc.id)).attribute.localId).toBe(
      winner.json<{ document: Detail }>().document.attribute.localId,
    );
  });
});
