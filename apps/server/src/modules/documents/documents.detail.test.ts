import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { documents } from '../../db/schema.ts';
import {
  errorOf,
  makeDocumentsWorld,
  makeDocumentWithParts,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
let doc: Awaited<ReturnType<typeof makeDocumentWithParts>>;
let hrDoc: Awaited<ReturnType<typeof makeDocumentWithParts>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
  doc = await makeDocumentWithParts(deps, w.company.id, {
    cabinetIds: [w.cabinets.contracts.id],
    title: '業務委託契約書「2024年度」',
    counterparty: '株式会社東京商事',
    amount: 1000,
    localId: 'K-1',
    options: { [w.options.dept.id]: '営業部', [w.options.off.id]: '古い値' },
    senderName: '営業 一郎',
    senderEmail: 'ichiro@example.test',
    updatedAt: new Date('2024-01-01T00:00:00Z'),
    participants: [{ name: '山田 太郎', email: 'yamada@example.test', organization: '東京商事' }],
  });
  hrDoc = await makeDocumentWithParts(deps, w.company.id, {
    cabinetIds: [w.cabinets.hr.id],
    title: '人事書類',
  });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const get = (id: string, headers = w.headers.admin) =>
  app.inject({ method: 'GET', url: `/documents/${id}`, headers });
// These tests are about the fields; `*` saves over whatever is stored (versions: documents.attribute-save.test.ts).
const put = (id: string, payload: unknown, headers = w.headers.admin) =>
  app.inject({
    method: 'PUT',
    url: `/documents/${id}/attribute`,
    headers: { ...headers, 'if-match': '*' },
    payload: payload as object,
  });

describe('GET /documents/{id}', () => {
  it('answers attributes (only existing items), participants, files, cabinets, sender and dates', async () => {
    const res = await get(doc.doc.id);
    expect(res.statusCode).toBe(200);
    const { document } = res.json<{ document: Record<string, unknown> }>();
    expect(document).toMatchObject({
      id: doc.doc.id,
      status: 2,
      title: '業務委託契約書「2024年度」',
      sender: { id: null, name: '営業 一郎', email: 'ichiro@example.test' },
      attribute: {
        title: null,
        counterparty: '株式会社東京商事',
        contractAt: null,
        autoUpdate: 0,
        localId: 'K-1',
        amount: 1000,
        options: { [w.options.dept.id]: '営業部', [w.options.off.id]: '古い値' },
      },
      participants: [
        { position: 0, name: '山田 太郎', email: 'yamada@example.test', organization: '東京商事' },
      ],
      files: [{ id: doc.file.id, name: '業務委託契約書「2024年度」.pdf', size: doc.bytes.length }],
      cabinets: [{ id: w.cabinets.contracts.id, name: '営業契約' }],
      canEditAttribute: true,
      updatedAt: '2024-01-01T00:00:00.000Z',
    });
  });

  it('a reader reads it but may not edit; a cabinet admin may edit', async () => {
    expect(
      (await get(doc.doc.id, w.headers.reader)).json<{ document: { canEditAttribute: boolean } }>()
        .document.canEditAttribute,
    ).toBe(false);
    expect(
      (await get(doc.doc.id, w.headers.cabAdmin)).json<{
        document: { canEditAttribute: boolean };
      }>().document.canEditAttribute,
    ).toBe(true);
  });

  it('a member without access, and another company, get 404; so does a malformed id', async () => {
    for (const [id, headers] of [
      [hrDoc.doc.id, w.headers.reader],
      [doc.doc.id, w.headers.outsider],
      [doc.doc.id, w.headers.otherAdmin],
      ['not-a-uuid', w.headers.admin],
    ] as const) {
      const res = await get(id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorOf('not_found', 'ご指定のデータが見つかりませんでした。'));
    }
  });
});

describe('GET /documents/{id}/files/{fileId}', () => {
  it('records the opening in the audit log before the PDF leaves (the sensitive read)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${doc.file.id}`,
      headers: w.headers.reader,
    });
    expect(res.statusCode).toBe(200);
    const [event] = await findEventPage(
      deps.database.db,
      { companyId: w.company.id, targetType: 'document', targetId: doc.doc.id },
      1,
    );
    expect(event).toMatchObject({
      action: 'document.pdfViewed',
      targetName: '業務委託契約書「2024年度」',
      details: { file: { id: doc.file.id } },
    });
    expect(event!.actorId).not.toBeNull();
  });

  it('download=1 saves the PDF as a file and records a download, by whom', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${doc.file.id}?download=1`,
      headers: w.headers.reader,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="________2024___.pdf"; filename*=UTF-8''${encodeURIComponent('業務委託契約書「2024年度」.pdf')}`,
    );
    const [event] = await findEventPage(
      deps.database.db,
      { companyId: w.company.id, targetType: 'document', targetId: doc.doc.id },
      1,
    );
    expect(event).toMatchObject({
      action: 'document.pdfDownloaded',
      targetName: '業務委託契約書「2024年度」',
      details: { file: { id: doc.file.id } },
    });
    expect(event!.actorId).not.toBeNull();
    const bad = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${doc.file.id}?download=yes`,
      headers: w.headers.reader,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('download は 0 または 1 を指定してください。');
  });

  it('streams the PDF inline with an RFC 6266 file name', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${doc.file.id}`,
      headers: w.headers.reader,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(doc.bytes.length));
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="________2024___.pdf"; filename*=UTF-8''${encodeURIComponent('業務委託契約書「2024年度」.pdf')}`,
    );
    expect(res.rawPayload.equals(doc.bytes)).toBe(true);
  });

  it('answers 404 for a file of another document, and for readers without access', async () => {
    const cross = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${hrDoc.file.id}`,
      headers: w.headers.admin,
    });
    expectError(cross, 'not_found');
    const denied = await app.inject({
      method: 'GET',
      url: `/documents/${hrDoc.doc.id}/files/${hrDoc.file.id}`,
      headers: w.headers.reader,
    });
    expectError(denied, 'not_found');
    const other = await app.inject({
      method: 'GET',
      url: `/documents/${doc.doc.id}/files/${doc.file.id}`,
      headers: w.headers.otherAdmin,
    });
    expectError(other, 'not_found');
  });
});

describe('PUT /documents/{id}/attribute', () => {
  it('changes only the keys sent, clears with null, bumps updated_at and the keyword text', async () => {
    const res = await put(doc.doc.id, {
      counterparty: '大阪物産株式会社',
      contractAt: '2024-04-01',
      amount: null,
      options: { [w.options.dept.id]: '法務部' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const attribute = res.json<{
      document: { attribute: Record<string, unknown>; updatedAt: string };
    }>().document;
    expect(attribute.attribute).toEqual({
      title: null,
      counterparty: '大阪物産株式会社',
      contractAt: '2024-04-01',
      validityStartAt: null,
      validityEndAt: null,
      validityEndNoticeAt: null,
      autoUpdate: 0,
      localId: 'K-1',
      amount: null,
      options: { [w.options.dept.id]: '法務部', [w.options.off.id]: '古い値' },
    });
    expect(attribute.updatedAt > '2024-01-01T00:00:00.000Z').toBe(true);
    const found = await app.inject({
      method: 'GET',
      url: `/documents?keyword=${encodeURIComponent('大阪物産')}`,
      headers: w.headers.admin,
    });
    expect(found.json<{ documents: { id: string }[] }>().documents.map((d) => d.id)).toEqual([
      doc.doc.id,
    ]);
    const old = await app.inject({
      method: 'GET',
      url: `/documents?keyword=${encodeURIComponent('東京商事株式')}`,
      headers: w.headers.admin,
    });
    expect(old.json<{ total: number }>().total).toBe(0);
  });

  it('an empty body changes nothing; an empty option value clears that item', async () => {
    expect((await put(doc.doc.id, {})).statusCode).toBe(200);
    const res = await put(doc.doc.id, { options: { [w.options.dept.id]: '' } }, w.headers.cabAdmin);
    expect(res.statusCode).toBe(200);
    expect(
      res.json<{ document: { attribute: { options: Record<string, string> } } }>().document
        .attribute.options,
    ).toEqual({ [w.options.off.id]: '古い値' });
  });

  it('a reader gets 403; a member without access and another company get 404', async () => {
    expect((await put(doc.doc.id, { localId: 'x' }, w.headers.reader)).json()).toEqual(
      errorOf('forbidden', 'この操作を行う権限がありません。'),
    );
    expect((await put(doc.doc.id, { localId: 'x' }, w.headers.outsider)).statusCode).toBe(404);
    expect((await put(doc.doc.id, { localId: 'x' }, w.headers.otherAdmin)).statusCode).toBe(404);
    expect((await put(hrDoc.doc.id, { localId: 'x' }, w.headers.cabAdmin)).statusCode).toBe(404);
    const [row] = await deps.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, doc.doc.id));
    expect(row!.localId).toBe('K-1');
  });

  it.each([
    [
      { contractAt: '2024年4月' },
      'contractAt',
      '契約締結日は YYYY-MM-DD 形式の日付で指定してください。',
    ],
    [
      { validityEndAt: '2023-02-29' },
      'validityEndAt',
      '契約終了日に存在しない日付が指定されています。',
    ],
    [{ amount: -1 }, 'amount', '取引金額は0以上で入力してください。'],
    [{ amount: 1.5 }, 'amount', '取引金額は整数で入力してください。'],
    [
      { autoUpdate: 3 },
      'autoUpdate',
      '自動更新の有無は 0（指定なし）、1（あり）、2（なし）のいずれかです。',
    ],
    [
      { counterparty: 'あ'.repeat(501) },
      'counterparty',
      '契約相手の名称は500文字以内で入力してください。',
    ],
    [{ options: { x: 'a' } }, 'options.x', '書類情報の項目IDの形式が正しくありません。'],
    [{ status: 2 }, '', '書類情報にない項目です: status'],
  ])('rejects %j', async (payload, path, message) => {
    const res = await put(doc.doc.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      errorOf('validation_failed', '入力内容に誤りがあります。', [{ path, message }]),
    );
  });

  it('applies the item rules: unknown item, disabled item, too long, required item', async () => {
    const unknown = crypto.randomUUID();
    const cases: [unknown, string, string][] = [
      [
        { options: { [unknown]: 'a' } },
        `options.${unknown}`,
        '指定された書類情報の項目が見つかりません。',
      ],
      [
        { options: { [w.options.off.id]: '新しい値' } },
        `options.${w.options.off.id}`,
        '「旧項目」は使用しない設定のため入力できません。',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await put(doc.doc.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorOf('validation_failed', message, [{ path, message }]));
    }
    const long = await put(doc.doc.id, { options: { [w.options.dept.id]: 'x'.repeat(501) } });
    expect(
      long.json<{ error: { details: { message: string }[] } }>().error.details[0]!.message,
    ).toBe('項目の値は500文字以内で入力してください。');

    const { documentAttributeOptions } = await import('../../db/schema.ts');
    await deps.database.db
      .update(documentAttributeOptions)
      .set({ isRequired: true })
      .where(eq(documentAttributeOptions.id, w.options.dept.id));
    const required = await put(doc.doc.id, { localId: 'K-2' });
    const message = '「部署」は必須項目です。入力してください。';
    expect(required.json()).toEqual(
      errorOf('validation_failed', message, [{ path: `options.${w.options.dept.id}`, message }]),
    );
    expect(
      (await put(doc.doc.id, { localId: 'K-2', options: { [w.options.dept.id]: '総務部' } }))
        .statusCode,
    ).toBe(200);
    await deps.database.db
      .update(documentAttributeOptions)
      .set({ isRequired: false })
      .where(eq(documentAttributeOptions.id, w.options.dept.id));
  });
});
