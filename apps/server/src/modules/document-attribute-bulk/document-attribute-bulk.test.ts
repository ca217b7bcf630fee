/** Attribute bulk edit API and jobs: download, check rules, conflicts, execute once, gate, tenancy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  BulkKind,
  MSG_EXCEL_FILE,
  type TBulkManipulation,
  type TBulkRow,
} from '@cloudsign/contract';
import { xlsBytes, xlsxBytes } from '../../../test/support/excel-files.ts';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { cabinets, documentAttributeOptions, documents } from '../../db/schema.ts';
import { documentSearchText } from '../../lib/search-text.ts';
import {
  csv,
  multipart,
  sjis,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { formatVersion } from './attribute-cells.ts';
import { versionCell } from '../../bulk/version-cell.ts';

let deps: TestDeps;
let app: ApiApp;
let h: Headers;
let companyId: string;
const docs: Record<string, typeof documents.$inferSelect> = {};
let otherDocId: string;
let otherHeaders: Headers;

const BASE = '/documents/attributes';
const HEAD = [
  '書類ID',
  '更新日時',
  '管理用タイトル',
  '契約相手の名称',
  '契約締結日',
  '契約開始日',
  '契約終了日',
  '解約通知期限',
  '自動更新の有無',
  '管理番号',
  '取引金額',
  '部署',
  '旧項目',
  '案件区分',
];
/** Read-only columns of the download, ignored by the upload. */
const REFS = [
  'タイトル（参照用）',
  'ステータス（参照用）',
  '送信者（参照用）',
  'キャビネット（参照用）',
];

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const db = deps.database.db;
  const company = await makeCompany(deps);
  companyId = company.id;
  const admin = await makeUser(deps, companyId, { name: '管理 花子', roles: ['CompanyAdmin'] });
  h = (await signIn(deps, admin)).headers;
  const [dept, old, kind] = await db
    .insert(documentAttributeOptions)
    .values([
      { companyId, name: '部署', position: 0, isEnabled: true, isRequired: false },
      { companyId, name: '旧項目', position: 1, isEnabled: false, isRequired: false },
      { companyId, name: '案件区分', position: 2, isEnabled: true, isRequired: true },
    ])
    .returning();
  const [legal, general] = await db
    .insert(cabinets)
    .values([
      { companyId, name: '総務' },
      { companyId, name: '法務' },
    ])
    .returning();
  const ids = [
    '10000000-0000-4000-8000-000000000001',
    '10000000-0000-4000-8000-000000000002',
    '10000000-0000-4000-8000-000000000003',
  ];
  docs.a = await makeDocument(deps, companyId, {
    id: ids[0],
    title: '業務委託契約書',
    counterparty: '株式会社アルファ',
    senderId: admin.id,
    cabinetIds: [legal!.id, general!.id],
    amount: 500,
    validityEndAt: '2025-03-31',
    autoUpdate: 1,
    options: { [dept!.id]: '営業部', [kind!.id]: '新規' },
  });
  docs.b = await makeDocument(deps, companyId, {
    id: ids[1],
    title: '秘密保持契約書',
    counterparty: '=HYPERLINK("http://x")',
    localId: '+A-1',
    options: { [kind!.id]: '継続' },
  });
  docs.c = await makeDocument(deps, companyId, {
    id: ids[2],
    title: '売買契約書',
    amount: 9000,
    options: { [kind!.id]: '新規', [old!.id]: '古い値' },
  });
  // Last changed an hour ago, as documents are when someone downloads them: the file's 更新日時 is to the
  // second, so an edit in the same second as the previous change could not be told apart (version-cell.ts).
  await db
    .update(documents)
    .set({ updatedAt: sql`${documents.updatedAt} - interval '1 hour'` })
    .where(eq(documents.companyId, companyId));
  const other = await makeCompany(deps, { name: '他社' });
  otherDocId = (await makeDocument(deps, other.id, { title: '他社の書類', amount: 1 })).id;
  otherHeaders = (await signIn(deps, await makeUser(deps, other.id, { roles: ['CompanyAdmin'] })))
    .headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const get = (url: string, headers: Headers = h) => app.inject({ method: 'GET', url, headers });
const updatedAtOf = async (id: string) =>
  (await deps.database.db.select().from(documents).where(eq(documents.id, id)))[0]!.updatedAt;
/** The exact instant a checked row keeps (and a file from before the date form carries). */
const versionOf = async (id: string) => formatVersion(await updatedAtOf(id));
/** The 更新日時 cell as downloaded. */
const cellOf = async (id: string) => versionCell(await updatedAtOf(id));

async function settle(url: string, headers: Headers = h): Promise<TBulkManipulation> {
  for (let i = 0; i < 600; i += 1) {
    const m = (await get(url, headers)).json<{ manipulation: TBulkManipulation }>().manipulation;
    if (![1, 2, 5].includes(m.status)) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still running: ${url}`);
}

async function download(conditions: Record<string, string>, encoding: 'sjis' | 'utf8bom' = 'sjis') {
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/bulk_edit/csv`,
    headers: h,
    payload: { conditions, encoding },
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<{ manipulation: TBulkManipulation }>().manipulation.id;
  const done = await settle(`${BASE}/bulk_edit/csv/${id}`);
  expect(done.status).toBe(6);
  const status = (await get(`${BASE}/bulk_edit/csv/${id}/status`)).json<unknown>();
  expect(status).toEqual({
    id,
    status: 6,
    processedRows: done.totalRows,
    totalRows: done.totalRows,
  });
  const file = await get(`${BASE}/bulk_edit/csv/${id}/csv`);
  expect(file.statusCode).toBe(200);
  const text =
    encoding === 'sjis' ? iconv.decode(file.rawPayload, 'cp932') : file.rawPayload.toString('utf8');
  return { text, res: file };
}

async function uploadAndCheck(bytes: Buffer, headers: Headers = h) {
  const mp = multipart(bytes, 'attributes.csv');
  const res = await app.inject({
    method: 'POST',
    url: `${BASE}/bulk_edit`,
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const m = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  return settle(`${BASE}/bulk_manipulations/${m.id}`, headers);
}
const rowsOf = async (id: string, q = '') =>
  (await get(`${BASE}/bulk_manipulations/${id}/rows?perPage=500${q}`)).json<{
    rows: TBulkRow[];
    total: number;
  }>();
const put = (id: string, action: string) =>
  app.inject({
    method: 'PUT',
    url: `${BASE}/bulk_manipulations/${id}`,
    headers: h,
    payload: { action },
  });

describe('download', () => {
  it('every matching document, base columns then items by name, formula-escaped, Shift_JIS', async () => {
    const { text, res } = await download({});
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''%E6%9B%B8%E9%A1%9E/);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe([...HEAD, ...REFS].join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${docs.a!.id},${await cellOf(docs.a!.id)},,株式会社アルファ,,,2025/03/31,,あり,,500,営業部,,新規,業務委託契約書,締結済,管理 花子,法務;総務`,
    );
    expect(lines[2]).toBe(
      `${docs.b!.id},${await cellOf(docs.b!.id)},,"'=HYPERLINK(""http://x"")",,,,,指定なし,'+A-1,,,,継続,秘密保持契約書,締結済,,`,
    );
    expect(lines[3]).toContain(',9000,,古い値,新規,売買契約書,');
  });

  it('only the documents of the search; bad conditions are 400 with the field', async () => {
    const { text } = await download({ amountFrom: '1000' }, 'utf8bom');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(
      text
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.slice(0, 36)),
    ).toEqual([docs.c!.id]);
    const bad = await app.inject({
      method: 'POST',
      url: `${BASE}/bulk_edit/csv`,
      headers: h,
      payload: { conditions: { amountFrom: 'abc' }, encoding: 'sjis' },
    });
    expect(bad.statusCode).toBe(400);
    const cab = await app.inject({
      method: 'POST',
      url: `${BASE}/bulk_edit/csv`,
      headers: h,
      payload: { conditions: { cabinetId: crypto.randomUUID() } },
    });
    expect(cab.statusCode).toBe(404);
  });

  it('re-uploaded unchanged, every row is 変更なし', async () => {
    const { text } = await download({});
    const m = await uploadAndCheck(iconv.encode(text, 'cp932'));
    expect(m).toMatchObject({ status: 4, counts: { unchanged: 3 }, totalRows: 3 });
  });

  it('a day written 2025/03/31 and read back as 2025/3/31 (a spreadsheet re-save) or 2025-03-31 is unchanged', async () => {
    const { text } = await download({});
    const lines = text.trimEnd().split('\r\n');
    const end = lines[0]!.split(',').indexOf('契約終了日');
    const rowA = lines.findIndex((l) => l.startsWith(docs.a!.id));
    expect(lines[rowA]!.split(',')[end]).toBe('2025/03/31');
    for (const day of ['2025/3/31', '2025-03-31']) {
      const cells = lines[rowA]!.split(',');
      cells[end] = day;
      const edited = lines.map((l, i) => (i === rowA ? cells.join(',') : l));
      const m = await uploadAndCheck(iconv.encode(`${edited.join('\r\n')}\r\n`, 'cp932'));
      expect(m, day).toMatchObject({ status: 4, counts: { unchanged: 3 }, totalRows: 3 });
    }
  });

  it('更新日時 re-saved by a spreadsheet without its seconds still matches; another minute is a conflict', async () => {
    const { text } = await download({});
    // What Excel or LibreOffice in Japanese writes back: 2025/9/9 5:15 (member-bulk.spreadsheet.test.ts).
    const minuteOf = (cell: string, shift = 0) => {
      const at = new Date(Date.parse(`${cell.replaceAll('/', '-').replace(' ', 'T')}+09:00`));
      const j = new Date(at.getTime() + 9 * 3600_000 + shift * 60_000);
      return `${j.getUTCFullYear()}/${j.getUTCMonth() + 1}/${j.getUTCDate()} ${j.getUTCHours()}:${String(j.getUTCMinutes()).padStart(2, '0')}`;
    };
    const lines = text.trimEnd().split('\r\n');
    const resaved = lines.map((l, i) => {
      if (i === 0) return l;
      const [id, cell, ...rest] = l.split(',');
      return [id, minuteOf(cell!, id === docs.c!.id ? 1 : 0), ...rest].join(',');
    });
    const m = await uploadAndCheck(iconv.encode(`${resaved.join('\r\n')}\r\n`, 'cp932'));
    expect(m).toMatchObject({ counts: { unchanged: 2, conflict: 1 }, totalRows: 3 });
    const { rows } = await rowsOf(m.id, '&action=conflict');
    expect(rows.map((r) => r.targetId)).toEqual([docs.c!.id]);
  });
});

describe('check', () => {
  it('rows name their document by its title (not the id), never another company’s; the reference columns are ignored', async () => {
    const m = await uploadAndCheck(
      utf8([
        ['書類ID', '更新日時', '取引金額', ...REFS],
        [docs.a!.id, await versionOf(docs.a!.id), '600', '別の題名', '下書き', '誰か', '無い'],
        [otherDocId, await versionOf(docs.a!.id), '1', '', '', '', ''],
      ]),
    );
    const { rows } = await rowsOf(m.id);
    expect(rows.map((r) => [r.action, r.subject, r.before, r.after])).toEqual([
      [
        'update',
        '業務委託契約書',
        { 更新日時: await versionOf(docs.a!.id), 取引金額: '500' },
        { 取引金額: '600' },
      ],
      ['error', null, null, null],
    ]);
  });

  it('each cell rule on its cell; another company’s id and unknown ids are "not found"; duplicates', async () => {
    const va = await versionOf(docs.a!.id);
    const m = await uploadAndCheck(
      utf8([
        [
          '書類ID',
          '更新日時',
          '契約終了日',
          '自動更新の有無',
          '取引金額',
          '管理番号',
          '部署',
          '旧項目',
          '案件区分',
        ],
        [docs.a!.id, va, '2025/2/30', 'はい', '1.5', 'x'.repeat(501), '', '', ''],
        [otherDocId, va, '', '', '', '', '', '', '新規'],
        ['abc', '', '', '', '', '', '', '', ''],
        [docs.a!.id, va, '', '', '', '', '', '', '新規'],
      ]),
    );
    expect(m).toMatchObject({ status: 3, counts: { error: 4 } });
    const { rows } = await rowsOf(m.id);
    expect(rows.map((r) => [r.rowNumber, r.action, r.errors])).toEqual([
      [
        2,
        'error',
        [
          { column: '契約終了日', message: '契約終了日に存在しない日付が入力されています。' },
          {
            column: '自動更新の有無',
            message: '自動更新の有無は 指定なし・あり・なし、または 0・1・2 で入力してください。',
          },
          {
            column: '取引金額',
            message: '取引金額は0以上の整数で入力してください（例: 1000、1,000、1000円）。',
          },
          {
            column: '管理番号',
            message: '管理番号は500文字以内で入力してください（現在501文字）。',
          },
        ],
      ],
      [3, 'error', [{ column: '書類ID', message: '書類が見つかりません。' }]],
      [
        4,
        'error',
        [
          {
            column: '書類ID',
            message:
              '書類IDの形式が正しくありません。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
          },
          {
            column: '更新日時',
            message:
              '更新日時を入力してください。ダウンロードしたCSVの値を変更せずにアップロードしてください。',
          },
        ],
      ],
      [5, 'error', [{ column: '書類ID', message: 'この書類は2行目と重複しています。' }]],
    ]);
    expect(rows[1]!.targetId).toBe(otherDocId);
    expect(JSON.stringify(rows[1])).not.toContain('他社の書類');
    const execute = await put(m.id, 'execute');
    expect(execute.statusCode).toBe(409);
  });

  it('a required item left blank on a changed row; a disabled item cannot be given a value but may keep its own', async () => {
    const m = await uploadAndCheck(
      utf8([
        ['書類ID', '更新日時', '取引金額', '案件区分', '旧項目'],
        [docs.c!.id, await versionOf(docs.c!.id), '1', '', '古い値'],
        [docs.a!.id, await versionOf(docs.a!.id), '500', '新規', '値'],
      ]),
    );
    const { rows } = await rowsOf(m.id);
    expect(rows.map((r) => r.errors)).toEqual([
      [{ column: '案件区分', message: '「案件区分」は必須項目です。入力してください。' }],
      [{ column: '旧項目', message: '「旧項目」は使用しない設定のため入力できません。' }],
    ]);
  });

  it('an Excel workbook (.xlsx, .xls) fails the file with how to save it as CSV', async () => {
    for (const bytes of [xlsxBytes(), xlsBytes()]) {
      const m = await uploadAndCheck(bytes);
      expect([m.status, m.fileError]).toEqual([3, { message: MSG_EXCEL_FILE }]);
    }
  });

  it('headers: missing, unknown and duplicated columns fail the file', async () => {
    const m = await uploadAndCheck(
      utf8([
        ['書類ID', '金額', '管理番号', '管理番号'],
        ['x', '1', '', ''],
      ]),
    );
    expect(m).toMatchObject({ status: 3, counts: {} });
    expect(m.fileError).toEqual({
      message: '1行目の見出し（列名）に誤りがあります。',
      details: [
        {
          path: '1行目 2列目',
          message: `列「金額」は使用できません。使用できる列: ${[...HEAD, ...REFS].join('、')}`,
        },
        { path: '1行目 4列目', message: '列「管理番号」が重複しています（3列目と4列目）。' },
        { path: '1行目', message: '必須の列「更新日時」がありません。' },
      ],
    });
  });
});

describe('conflict, execute once, results', () => {
  it('a stale row is a conflict (not written); the changed row is applied once', async () => {
    const { text } = await download({});
    const lines = text.trimEnd().split('\r\n');
    const cells = lines.map((l) => l.split(','));
    // Row of document a: amount `1,000` (full-width) and a new end date; row of document c: amount, but c is edited meanwhile.
    cells[1]![10] = '"１，０００"';
    cells[1]![6] = '2026/3/31';
    cells[1]![3] = '株式会社ベータ';
    cells[3]![10] = '12000';
    const edited = await app.inject({
      method: 'PUT',
      url: `/documents/${docs.c!.id}/attribute`,
      headers: { ...h, 'if-match': '*' },
      payload: { localId: 'C-1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const m = await uploadAndCheck(
      iconv.encode(`${cells.map((c) => c.join(',')).join('\r\n')}\r\n`, 'cp932'),
    );
    expect(m).toMatchObject({
      status: 4,
      counts: { update: 1, unchanged: 1, conflict: 1 },
      encoding: 'sjis',
    });
    const { rows } = await rowsOf(m.id);
    expect(rows[0]).toMatchObject({
      action: 'update',
      before: {
        更新日時: await versionOf(docs.a!.id),
        契約相手の名称: '株式会社アルファ',
        契約終了日: '2025/03/31',
        取引金額: '500',
      },
      after: { 契約相手の名称: '株式会社ベータ', 契約終了日: '2026/03/31', 取引金額: '1000' },
      errors: [],
    });
    expect(rows[2]).toMatchObject({
      action: 'conflict',
      after: { 取引金額: '12000' },
      errors: [
        {
          column: '更新日時',
          message: expect.stringContaining(
            'ダウンロードの後にこの書類が変更されています（現在の更新日時: ',
          ) as unknown,
        },
      ],
    });
    expect((await rowsOf(m.id, '&action=conflict')).total).toBe(1);

    const beforeA = await versionOf(docs.a!.id);
    const first = await put(m.id, 'execute');
    expect(first.statusCode).toBe(200);
    const second = await put(m.id, 'execute');
    expect(second.statusCode).toBe(200);
    expect(second.json<{ manipulation: TBulkManipulation }>().manipulation.id).toBe(m.id);
    const done = await settle(`${BASE}/bulk_manipulations/${m.id}`);
    expect(done).toMatchObject({
      status: 6,
      counts: { update: 1, succeeded: 1, failed: 0 },
      processedRows: 1,
      totalRows: 1,
    });
    expect((await put(m.id, 'execute')).json()).toEqual({ manipulation: done });

    // The audit log: the run has one event per step (executed once, with the checked counts) and one per
    // batch vouching for its row records by their SHA-256, and the bulk-edited document one of its own,
    // before → after with the run and its row (issue 33).
    const eventsOf = async (targetType: 'bulkRun' | 'document', targetId: string) =>
      (await findEventPage(deps.database.db, { companyId, targetType, targetId }, 20)).map((e) => [
        e.action,
        e.details,
      ]);
    expect(await eventsOf('bulkRun', m.id)).toEqual([
      ['bulk.rowsRecorded', { rows: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string }],
      [
        'bulk.executed',
        {
          target: 'document_attributes',
          kind: BulkKind.Edit,
          counts: { update: 1, unchanged: 1, conflict: 1 },
        },
      ],
      [
        'bulk.checked',
        expect.objectContaining({ counts: { update: 1, unchanged: 1, conflict: 1 } }),
      ],
      ['bulk.uploaded', expect.objectContaining({ fileName: 'attributes.csv' })],
    ]);
    expect(await eventsOf('document', docs.a!.id)).toEqual([
      [
        'document.attributesChanged',
        {
          counterparty: { before: '株式会社アルファ', after: '株式会社ベータ' },
          validityEndAt: { before: '2025-03-31', after: '2026-03-31' },
          amount: { before: 500, after: 1000 },
          bulk: { run: m.id, rowNumber: 2 },
        },
      ],
    ]);
    expect(await eventsOf('document', docs.c!.id)).toEqual([
      ['document.attributesChanged', { localId: { before: null, after: 'C-1' } }],
    ]);

    const [a] = await deps.database.db.select().from(documents).where(eq(documents.id, docs.a!.id));
    expect(a).toMatchObject({
      amount: 1000,
      validityEndAt: '2026-03-31',
      counterparty: '株式会社ベータ',
      autoUpdate: 1,
    });
    expect(a!.searchText).toBe(
      documentSearchText({ id: a!.id, title: a!.title, counterparty: '株式会社ベータ' }),
    );
    expect(formatVersion(a!.updatedAt) > beforeA).toBe(true);
    const [c] = await deps.database.db.select().from(documents).where(eq(documents.id, docs.c!.id));
    expect(c).toMatchObject({ amount: 9000, localId: 'C-1' });
    const found = await get('/documents?keyword=%E3%83%99%E3%83%BC%E3%82%BF');
    expect(found.json<{ documents: { id: string }[] }>().documents.map((d) => d.id)).toEqual([
      docs.a!.id,
    ]);

    const result = await get(`${BASE}/bulk_manipulations/${m.id}/result.csv?encoding=utf8bom`);
    const resultLines = result.rawPayload
      .toString('utf8')
      .replace('\uFEFF', '')
      .trimEnd()
      .split('\r\n');
    expect(resultLines[0]).toBe(['行番号', ...HEAD, ...REFS, '結果', 'エラー'].join(','));
    expect(resultLines[1]).toMatch(/,更新（成功）,$/);
    expect(resultLines[3]).toMatch(/,競合,更新日時: ダウンロードの後に/);
    const list = (await get(`${BASE}/bulk_manipulations?perPage=1`)).json<{
      manipulations: TBulkManipulation[];
      total: number;
    }>();
    expect(list.manipulations[0]!.id).toBe(m.id);
    expect(list.total).toBeGreaterThan(3);
  });

  it('a document edited between the check and the execution fails its row, never overwritten', async () => {
    const m = await uploadAndCheck(
      utf8([
        ['書類ID', '更新日時', '管理番号'],
        [docs.b!.id, await versionOf(docs.b!.id), 'B-2'],
      ]),
    );
    expect(m.counts).toEqual({ update: 1 });
    await app.inject({
      method: 'PUT',
      url: `/documents/${docs.b!.id}/attribute`,
      headers: { ...h, 'if-match': '*' },
      payload: { localId: 'B-3' },
    });
    expect((await put(m.id, 'execute')).statusCode).toBe(200);
    const done = await settle(`${BASE}/bulk_manipulations/${m.id}`);
    expect(done).toMatchObject({ status: 7, counts: { update: 1, succeeded: 0, failed: 1 } });
    expect((await rowsOf(m.id)).rows[0]).toMatchObject({
      outcome: 'failed',
      outcomeMessage:
        'チェックの後にこの書類が変更されたため、上書きせずに中止しました（競合）。最新のCSVをダウンロードし直してください。',
    });
    const [b] = await deps.database.db.select().from(documents).where(eq(documents.id, docs.b!.id));
    expect(b!.localId).toBe('B-3');
  });

  it('cancel before execution; a cancelled run does not execute', async () => {
    const m = await uploadAndCheck(
      sjis([
        ['書類ID', '更新日時', '管理番号'],
        [docs.b!.id, await versionOf(docs.b!.id), 'B-9'],
      ]),
    );
    expect(
      (await put(m.id, 'cancel')).json<{ manipulation: TBulkManipulation }>().manipulation.status,
    ).toBe(0);
    expect((await put(m.id, 'execute')).statusCode).toBe(409);
  });
});

describe('gate and tenancy', () => {
  it('a business-plan company gets 403 enterprise_plan_required on every call; a member gets 403 forbidden', async () => {
    const business = await makeCompany(deps, { plan: 'business' });
    const bh = (await signIn(deps, await makeUser(deps, business.id, { roles: ['CompanyAdmin'] })))
      .headers;
    const member = (await signIn(deps, await makeUser(deps, companyId))).headers;
    const id = crypto.randomUUID();
    const mp = multipart(Buffer.from(csv([['書類ID', '更新日時']])), 'a.csv');
    const calls = [
      { method: 'POST' as const, url: `${BASE}/bulk_edit/csv`, payload: { conditions: {} } },
      { method: 'GET' as const, url: `${BASE}/bulk_edit/csv/${id}/status` },
      { method: 'GET' as const, url: `${BASE}/bulk_edit/csv/${id}/csv` },
      { method: 'POST' as const, url: `${BASE}/bulk_edit`, payload: mp.payload, extra: mp.headers },
      { method: 'GET' as const, url: `${BASE}/bulk_manipulations` },
      { method: 'GET' as const, url: `${BASE}/bulk_manipulations/${id}` },
      { method: 'GET' as const, url: `${BASE}/bulk_manipulations/${id}/rows` },
      { method: 'GET' as const, url: `${BASE}/bulk_manipulations/${id}/result.csv` },
      {
        method: 'PUT' as const,
        url: `${BASE}/bulk_manipulations/${id}`,
        payload: { action: 'execute' },
      },
    ];
    for (const c of calls) {
      const asBusiness = await app.inject({
        method: c.method,
        url: c.url,
        headers: { ...bh, ...(c.extra ?? {}) },
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect([
        c.url,
        asBusiness.statusCode,
        asBusiness.json<{ error: { code: string } }>().error.code,
      ]).toEqual([c.url, 403, 'enterprise_plan_required']);
      const asMember = await app.inject({
        method: c.method,
        url: c.url,
        headers: { ...member, ...(c.extra ?? {}) },
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect([
        c.url,
        asMember.statusCode,
        asMember.json<{ error: { code: string } }>().error.code,
      ]).toEqual([c.url, 403, 'forbidden']);
    }
  });

  it('another company’s runs are 404 and absent from its history', async () => {
    const mine = (await get(`${BASE}/bulk_manipulations`)).json<{
      manipulations: TBulkManipulation[];
    }>().manipulations[0]!;
    for (const url of [
      `${BASE}/bulk_manipulations/${mine.id}`,
      `${BASE}/bulk_manipulations/${mine.id}/rows`,
      `${BASE}/bulk_manipulations/${mine.id}/result.csv`,
    ]) {
      expect((await get(url, otherHeaders)).statusCode).toBe(404);
    }
    expect((await get(`${BASE}/bulk_manipulations`, otherHeaders)).json()).toEqual({
      manipulations: [],
      total: 0,
    });
  });
});
