/**
 * Every CSV the product writes, table-driven: templates, the member export and edit template, the
 * attribute download, and the result and errors files of both bulk edits. Stored or uploaded values carry
 * CR, LF, CRLF, TAB and each formula start (= + - @) at the start, middle and end of the text. Each file is
 * parsed back with csv-parse as Excel splits rows (CR, LF or CRLF outside quotes), in UTF-8 with BOM and in
 * Shift_JIS: the same rows and cells come back (after removing the documented formula escape), and no cell
 * begins with anything a spreadsheet would run.
 */
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { documentAttributeOptions, memberGroupUsers, memberGroups } from '../../src/db/schema.ts';
import { multipart, settle, utf8, type Headers } from '../support/member-bulk.world.ts';
import { unescapeFormula } from '../../src/lib/csv/formula.ts';

const SPECIALS = ['\r', '\n', '\r\n', '\t', '=', '+', '-', '@'];
/** Each special at the start, in the middle and at the end, plus the outside test's own row injection. */
const PAYLOADS = [
  ...SPECIALS.flatMap((c) => [`${c}株式会社Y`, `株式会社${c}Y`, `株式会社Y${c}`]),
  "株式会社Y\r=cmd|' /C calc'!A0",
  "株式会社Y\n@SUM(1+1)*cmd|' /C calc'!A0",
  ' =1+1',
  "'=already quoted",
];
/** What no cell of our files may begin with: a formula start, also after blanks, or a control. */
const FORMULA_START = /^[\t\r\n ]*[=+\-@＝＋－＠]|^[\t\r\n]/;

let deps: TestDeps;
let app: ApiApp;
let h: Headers;
const memberIds: string[] = [];
const documentIds: string[] = [];
let optionName = '';

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const db = deps.database.db;
  const company = await makeCompany(deps);
  h = (
    await signIn(
      deps,
      await makeUser(deps, company.id, { name: '管理 花子', roles: ['CompanyAdmin'] }),
    )
  ).headers;
  // Written straight to the database: data stored before today's input rules, or by any other path.
  for (const [i, p] of PAYLOADS.entries()) {
    const u = await makeUser(deps, company.id, {
      name: p,
      organization: p,
      email: `p${i}@example.test`,
    });
    const [g] = await db
      .insert(memberGroups)
      .values({ companyId: company.id, name: `${p}${i}` })
      .returning();
    await db.insert(memberGroupUsers).values({ groupId: g!.id, userId: u.id });
    memberIds.push(u.id);
  }
  optionName = '=部署\r\n+区分';
  const [opt] = await db
    .insert(documentAttributeOptions)
    .values({
      companyId: company.id,
      name: optionName,
      position: 0,
      isEnabled: true,
      isRequired: false,
    })
    .returning();
  for (const p of PAYLOADS) {
    const d = await makeDocument(deps, company.id, {
      title: p,
      attrTitle: p,
      counterparty: p,
      localId: p,
      options: { [opt!.id]: p },
    });
    documentIds.push(d.id);
  }
});
afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

type Encoding = 'utf8bom' | 'sjis';
const get = (url: string) => app.inject({ method: 'GET', url, headers: h });

async function generated(url: string, base: string, payload: unknown): Promise<Buffer> {
  const res = await app.inject({ method: 'POST', url, headers: h, payload: payload as string });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  expect((await settle(app, h, id, `${base}/${id}`)).status).toBe(6);
  const file = await get(`${base}/${id}/csv`);
  expect(file.statusCode, file.body).toBe(200);
  return file.rawPayload;
}

/** A member add file and an attribute edit file whose cells carry every payload, checked, not executed. */
const uploads = new Map<string, string>();
async function checkedUpload(kind: 'members' | 'attributes'): Promise<string> {
  const done = uploads.get(kind);
  if (done) return done;
  const rows =
    kind === 'members'
      ? [
          ['メールアドレス', '氏名', '所属'],
          ...PAYLOADS.map((p, i) => [`new${i}@example.test`, p, p]),
        ]
      : [
          ['書類ID', '更新日時', '契約相手の名称', '管理番号'],
          ...PAYLOADS.map((p, i) => [documentIds[i]!, '2000-01-01 00:00:00', p, p]),
        ];
  const url = kind === 'members' ? '/members/bulk_add' : '/documents/attributes/bulk_edit';
  const mp = multipart(utf8(rows), 'payloads.csv');
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...h, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  const base =
    kind === 'members' ? '/members/bulk_manipulations' : '/documents/attributes/bulk_manipulations';
  await settle(app, h, id, `${base}/${id}`);
  uploads.set(kind, `${base}/${id}`);
  return `${base}/${id}`;
}

type Exporter = {
  name: string;
  file: (encoding: Encoding) => Promise<Buffer>;
  /** The column whose value names a row, and per row name the cells expected in some columns. */
  key?: string;
  expected?: () => Map<string, Record<string, string>>;
  /** Data rows (without the header). */
  rows: number;
};

const memberRows = () =>
  new Map(
    memberIds.map((id, i) => [
      id,
      { 氏名: PAYLOADS[i]!, 所属: PAYLOADS[i]!, メンバーグループ: `${PAYLOADS[i]!}${i}` },
    ]),
  );
/** An uploaded cell is read with one formula escape removed (ours, by the documented rule), then echoed. */
const uploadRows = (key: string) => () =>
  new Map<string, Record<string, string>>(
    PAYLOADS.map((raw, i) => {
      const p = unescapeFormula(raw);
      const cells: Record<string, string> =
        key === 'メールアドレス' ? { 氏名: p, 所属: p } : { 契約相手の名称: p, 管理番号: p };
      return [key === 'メールアドレス' ? `new${i}@example.test` : documentIds[i]!, cells];
    }),
  );

const EXPORTERS: Exporter[] = [
  {
    name: 'member add template',
    file: async (e) => (await get(`/members/bulk_add/csv_template?encoding=${e}`)).rawPayload,
    rows: 0,
  },
  {
    name: 'member delete template',
    file: async (e) => (await get(`/members/bulk_delete/csv_template?encoding=${e}`)).rawPayload,
    rows: 0,
  },
  {
    name: 'member export',
    file: (e) => generated('/members/export/csv', '/members/export', { filters: {}, encoding: e }),
    key: 'メンバーID',
    expected: memberRows,
    rows: PAYLOADS.length + 1,
  },
  {
    name: 'member edit template',
    file: (e) =>
      generated('/members/bulk_edit/csv_template', '/members/bulk_edit/csv_template', {
        filters: {},
        encoding: e,
      }),
    key: 'メンバーID',
    expected: memberRows,
    rows: PAYLOADS.length + 1,
  },
  {
    name: 'attribute download',
    file: (e) =>
      generated('/documents/attributes/bulk_edit/csv', '/documents/attributes/bulk_edit/csv', {
        conditions: {},
        encoding: e,
      }),
    key: '書類ID',
    expected: () =>
      new Map(
        documentIds.map((id, i) => [
          id,
          {
            管理用タイトル: PAYLOADS[i]!,
            契約相手の名称: PAYLOADS[i]!,
            管理番号: PAYLOADS[i]!,
            [optionName]: PAYLOADS[i]!,
          },
        ]),
      ),
    rows: PAYLOADS.length,
  },
  ...(['result.csv', 'errors.csv'] as const).flatMap((suffix): Exporter[] => [
    {
      name: `member add ${suffix}`,
      file: async (e) =>
        (await get(`${await checkedUpload('members')}/${suffix}?encoding=${e}`)).rawPayload,
      key: 'メールアドレス',
      expected: uploadRows('メールアドレス'),
      rows: suffix === 'result.csv' ? PAYLOADS.length : -1,
    },
    {
      name: `attribute edit ${suffix}`,
      file: async (e) =>
        (await get(`${await checkedUpload('attributes')}/${suffix}?encoding=${e}`)).rawPayload,
      key: '書類ID',
      expected: uploadRows('書類ID'),
      rows: PAYLOADS.length,
    },
  ]),
];

function decode(bytes: Buffer, encoding: Encoding): string {
  if (encoding === 'sjis') return iconv.decode(bytes, 'cp932');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

describe.each(EXPORTERS)('$name', (exporter) => {
  it.each(['utf8bom', 'sjis'] as const)(
    '%s: parsed back, the same rows and cells, and no cell starts a formula',
    async (encoding) => {
      const text = decode(await exporter.file(encoding), encoding);
      // Excel ends a row at CR, LF or CRLF outside quotes: a bare one inside a cell would start a new row.
      const records: string[][] = parse(text, {
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
      });
      const [header, ...rows] = records;
      for (const row of records) expect(row, JSON.stringify(row)).toHaveLength(header!.length);
      for (const cell of records.flat())
        expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
      // The errors file lists only the rows with an error; which they are is the checks' business.
      if (exporter.rows >= 0) expect(rows).toHaveLength(exporter.rows);
      if (!exporter.key) return;
      const keyAt = header!.indexOf(exporter.key);
      const byKey = new Map(rows.map((r) => [r[keyAt]!, r]));
      let compared = 0;
      for (const [key, cells] of exporter.expected!()) {
        const row = byKey.get(key);
        if (!row && exporter.rows < 0) continue;
        expect(row, key).toBeDefined();
        for (const [column, value] of Object.entries(cells)) {
          const at = header!.map(unescapeFormula).indexOf(column);
          expect(at, column).toBeGreaterThanOrEqual(0);
          expect(unescapeFormula(row![at]!), `${exporter.name} ${column}`).toBe(value);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(0);
    },
  );
});
