/**
 * Names, titles and attribute values are one line of plain text (contract text.ts): a line break, a control
 * character or a character that disguises the text (bidi controls, zero width space) is refused with a
 * Japanese message naming the field, on the JSON routes and in the bulk CSV cells, and nothing is stored.
 * Notes stay multi-line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { cabinets, documents, memberGroups, users } from '../../src/db/schema.ts';
import {
  multipart,
  rowsOf,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../support/member-bulk.world.ts';
import { formatVersion } from '../../src/modules/document-attribute-bulk/attribute-cells.ts';
import type { TBulkManipulation, TBulkRow } from '@cloudsign/contract';

let deps: TestDeps;
let app: ApiApp;
let h: Headers;
let memberId: string;
let documentId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  h = (await signIn(deps, await makeUser(deps, company.id, { roles: ['CompanyAdmin'] }))).headers;
  memberId = (await makeUser(deps, company.id, { name: '山田 太郎', organization: '営業部' })).id;
  documentId = (
    await makeDocument(deps, company.id, { title: '業務委託契約書', counterparty: '株式会社Y' })
  ).id;
});
afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

const LINE_BREAK = (label: string) => `${label}に改行は使えません。1行で入力してください。`;
const DISGUISE = (label: string, cp: string) =>
  `${label}に、表示を偽装できる見えない文字（${cp}）は使えません。`;

type Case = {
  method: 'POST' | 'PUT';
  url: () => string;
  payload: object;
  path: string;
  message: string;
};
const CASES: Case[] = [
  {
    method: 'POST',
    url: () => '/users',
    payload: { email: 'nl@example.test', name: '山田\n太郎' },
    path: 'name',
    message: LINE_BREAK('氏名'),
  },
  {
    method: 'POST',
    url: () => '/users',
    payload: { email: 'cr@example.test', organization: "株式会社Y\r=cmd|' /C calc'!A0" },
    path: 'organization',
    message: LINE_BREAK('所属'),
  },
  {
    method: 'PUT',
    url: () => `/users/${memberId}`,
    payload: { name: '山田\u202E郎太' },
    path: 'name',
    message: DISGUISE('氏名', 'U+202E'),
  },
  {
    method: 'PUT',
    url: () => `/users/${memberId}`,
    payload: { organization: '営業\t部' },
    path: 'organization',
    message: '所属に制御文字（U+0009）は使えません。',
  },
  {
    method: 'POST',
    url: () => '/member_groups',
    payload: { name: '営業\u200B部' },
    path: 'name',
    message: DISGUISE('グループ名', 'U+200B'),
  },
  {
    method: 'POST',
    url: () => '/member_groups',
    payload: { name: '営業部', note: '右から\u2067左\u2069' },
    path: 'note',
    message: DISGUISE('備考', 'U+2067'),
  },
  {
    method: 'POST',
    url: () => '/cabinets',
    payload: { name: '契約書\r\n=1+1' },
    path: 'name',
    message: LINE_BREAK('キャビネット名'),
  },
  {
    method: 'PUT',
    url: () => `/documents/${documentId}/attribute`,
    payload: { counterparty: "株式会社Y\r=cmd|' /C calc'!A0" },
    path: 'counterparty',
    message: LINE_BREAK('契約相手の名称'),
  },
  {
    method: 'PUT',
    url: () => `/documents/${documentId}/attribute`,
    payload: { title: '請求書\u202Efdp.exe' },
    path: 'title',
    message: DISGUISE('管理用タイトル', 'U+202E'),
  },
  {
    method: 'PUT',
    url: () => '/document_attribute_options',
    payload: {
      documentAttributeOptions: [{ name: '部署\n=1', isEnabled: true, isRequired: false }],
    },
    path: 'documentAttributeOptions.0.name',
    message: LINE_BREAK('項目名'),
  },
];

describe('JSON routes', () => {
  it.each(CASES)('$method $path: 400 with the field and the message; nothing stored', async (c) => {
    const snapshot = async () => ({
      users: await deps.database.db.select().from(users).orderBy(users.id),
      groups: await deps.database.db.select().from(memberGroups).orderBy(memberGroups.id),
      cabinets: await deps.database.db.select().from(cabinets).orderBy(cabinets.id),
      document: await deps.database.db.select().from(documents).where(eq(documents.id, documentId)),
    });
    const before = await snapshot();
    const res = await app.inject({
      method: c.method,
      url: c.url(),
      headers: h,
      payload: c.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: { code: string; details: unknown } }>().error).toMatchObject({
      code: 'validation_failed',
      details: [{ path: c.path, message: c.message }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('notes keep their line breaks', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cabinets',
      headers: h,
      payload: { name: '備考つき', note: '1行目\r\n2行目' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ cabinet: { note: string } }>().cabinet.note).toBe('1行目\r\n2行目');
  });
});

describe('bulk CSV cells', () => {
  it('a member add row with a line break or a bidi control in 氏名 or 所属 is a row error naming the column', async () => {
    const m = await uploadAndCheck(
      app,
      h,
      'bulk_add',
      utf8([
        ['メールアドレス', '氏名', '所属'],
        ['a@example.test', '山田\n太郎', ''],
        ['b@example.test', '佐藤', '営業\u202E部'],
        ['c@example.test', '鈴木', '営業部'],
      ]),
    );
    expect(m).toMatchObject({ status: 3, counts: { error: 2, add: 1 } });
    const { rows } = await rowsOf(app, h, m.id);
    expect(rows.map((r) => [r.rowNumber, r.errors])).toEqual([
      [2, [{ column: '氏名', message: LINE_BREAK('氏名') }]],
      [3, [{ column: '所属', message: DISGUISE('所属', 'U+202E') }]],
      [4, []],
    ]);
  });

  it('an attribute edit cell with a line break or a bidi control is a row error naming the column; the document keeps its values', async () => {
    const [doc] = await deps.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, documentId));
    const version = formatVersion(doc!.updatedAt);
    const mp = multipart(
      utf8([
        ['書類ID', '更新日時', '契約相手の名称', '管理番号'],
        [documentId, version, "株式会社Y\r=cmd|' /C calc'!A0", 'A\u202E1'],
      ]),
      'attributes.csv',
    );
    const res = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit',
      headers: { ...h, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const base = `/documents/attributes/bulk_manipulations/${res.json<{ manipulation: TBulkManipulation }>().manipulation.id}`;
    expect(
      await settle(app, h, res.json<{ manipulation: TBulkManipulation }>().manipulation.id, base),
    ).toMatchObject({ status: 3 });
    const rows = (await app.inject({ method: 'GET', url: `${base}/rows`, headers: h })).json<{
      rows: TBulkRow[];
    }>().rows;
    expect(rows.map((r) => r.errors)).toEqual([
      [
        { column: '契約相手の名称', message: LINE_BREAK('契約相手の名称') },
        { column: '管理番号', message: DISGUISE('管理番号', 'U+202E') },
      ],
    ]);
    expect(
      (await deps.database.db.select().from(documents).where(eq(documents.id, documentId)))[0],
    ).toEqual(doc);
  });
});
