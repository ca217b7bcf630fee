import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { auditEvents, users } from '../../db/schema.ts';
import {
  execute,
  rowsOf,
  exportMembers,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  companyId = company.id;
  const admin = await makeUser(deps, companyId, {
    name: '管理 花子',
    furigana: 'カンリ　ハナコ',
    email: 'admin@example.test',
    roles: ['CompanyAdmin'],
  });
  headers = (await signIn(deps, admin)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Detail = { id: string; name: string; furigana: string | null; updatedAt: string };
const post = (payload: object) => app.inject({ method: 'POST', url: '/users', headers, payload });
/** Not about versions: each save overwrites on purpose (If-Match: *). */
const put = (id: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/users/${id}`,
    headers: { ...headers, 'if-match': '*' },
    payload,
  });
const userOf = (res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { user: Detail }).user;
};
const stored = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const refusedFurigana = (res: Parameters<typeof expectError>[0], message: string) =>
  expectError(res, 'validation_failed', '入力内容に誤りがあります。', [
    { path: 'furigana', message },
  ]);

describe('フリガナ through the members API', () => {
  let id: string;

  it('hiragana and half-width kana are stored as full-width katakana, spaces as one full-width space', async () => {
    const user = userOf(
      await post({ email: 'kana@example.test', name: '東海林 太郎', furigana: ' しょうじ  ﾀﾛｳ ' }),
      201,
    );
    id = user.id;
    expect(user.furigana).toBe('ショウジ　タロウ');
    expect((await stored(id)).furigana).toBe('ショウジ　タロウ');
  });

  it('left out, the フリガナ stays; blank clears it (null)', async () => {
    expect(userOf(await put(id, { name: '東海林 太郎２' })).furigana).toBe('ショウジ　タロウ');
    expect(userOf(await put(id, { furigana: '  ' })).furigana).toBeNull();
    expect(userOf(await put(id, { furigana: null })).furigana).toBeNull();
    expect(
      userOf(await post({ email: 'none@example.test', name: '無し' }), 201).furigana,
    ).toBeNull();
  });

  it('kanji, Latin letters or digits are refused with the field named, nothing written', async () => {
    const kana = 'フリガナはカタカナまたはひらがなで入力してください。';
    refusedFurigana(await put(id, { furigana: '東海林' }), kana);
    refusedFurigana(await post({ email: 'x@example.test', furigana: 'Shoji1' }), kana);
    refusedFurigana(
      await put(id, { furigana: 'ア'.repeat(129) }),
      'フリガナは128文字以内で入力してください。',
    );
    expect((await stored(id)).furigana).toBeNull();
    const rows = await deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'x@example.test'));
    expect(rows).toEqual([]);
  });

  it('the audit log records the フリガナ before → after', async () => {
    await put(id, { furigana: 'とうかいりん' });
    const events = await deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.updated'), eq(auditEvents.targetId, id)));
    expect(events.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { name: { before: '東海林 太郎', after: '東海林 太郎２' } },
        { furigana: { before: 'ショウジ　タロウ', after: null } },
        { furigana: { before: null, after: 'トウカイリン' } },
      ]),
    );
  });
});

describe('氏名 order: by フリガナ when there is one, then the name', () => {
  let sorter: Headers;
  beforeAll(async () => {
    const other = await makeCompany(deps, { name: '並び順' });
    const admin = await makeUser(deps, other.id, {
      name: '管理 Z',
      furigana: 'カンリ',
      email: 'z-admin@example.test',
      roles: ['CompanyAdmin'],
    });
    sorter = (await signIn(deps, admin)).headers;
    const add = (name: string, furigana: string | null, email: string) =>
      makeUser(deps, other.id, { name, furigana, email });
    await add('山田 太郎', 'ヤマダ　タロウ', 'yamada@example.test');
    await add('阿部 一郎', 'アベ　イチロウ', 'abe@example.test');
    await add('伊藤 花子', null, 'ito@example.test');
    await add('安部 一郎', 'アベ　イチロウ', 'abe2@example.test');
    await add('ワタナベ', null, 'watanabe@example.test');
  });
  const names = async (sort: string, page = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/members?sort=${sort}${page}`,
      headers: sorter,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ members: { name: string; furigana: string | null }[] }>().members;
  };

  it('ascending and descending; the same reading falls back to the name', async () => {
    const asc = await names('name');
    expect(asc.map((m) => m.name)).toEqual([
      '安部 一郎',
      '阿部 一郎',
      '管理 Z',
      '山田 太郎',
      'ワタナベ',
      '伊藤 花子',
    ]);
    expect(asc[0]!.furigana).toBe('アベ　イチロウ');
    expect((await names('-name')).map((m) => m.name)).toEqual(asc.map((m) => m.name).reverse());
  });

  it('the streamed list (page=-1) keeps the same order across its keyset batches', async () => {
    const all = await names('name', '&page=-1');
    expect(all.map((m) => m.name)).toEqual((await names('name')).map((m) => m.name));
  });
});

describe('フリガナ in the member CSVs', () => {
  const exportFile = async () => {
    const { file } = await exportMembers(app, headers, {
      filters: { keyword: 'csv' },
      encoding: 'utf8bom',
    });
    return file.subarray(3).toString('utf8').trimEnd().split('\r\n');
  };

  it('add with フリガナ (normalised), refuse a bad cell by row and column, export, re-upload unchanged', async () => {
    const refused = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', '氏名', 'フリガナ'],
        ['csv1@example.test', '佐藤 一', 'さとう　はじめ'],
        ['csv2@example.test', '鈴木 二', '鈴木'],
      ]),
    );
    expect(refused.counts).toMatchObject({ add: 1, error: 1 });
    const errors = (await rowsOf(app, headers, refused.id, '&action=error')).rows;
    expect(errors.map((r) => [r.rowNumber, r.errors])).toEqual([
      [
        3,
        [{ column: 'フリガナ', message: 'フリガナはカタカナまたはひらがなで入力してください。' }],
      ],
    ]);

    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', '氏名', 'フリガナ'],
        ['csv1@example.test', '佐藤 一', 'さとう　はじめ'],
        ['csv2@example.test', '鈴木 二', ''],
      ]),
    );
    expect(m.counts).toEqual({ add: 2 });
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);
    const [sato] = await deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'csv1@example.test'));
    expect(sato!.furigana).toBe('サトウ　ハジメ');

    const lines = await exportFile();
    expect(lines[0]!.split(',').slice(0, 5)).toEqual([
      'メンバーID',
      'メールアドレス',
      '氏名',
      'フリガナ',
      '所属',
    ]);
    expect(
      lines
        .find((l) => l.includes('csv1@'))!
        .split(',')
        .slice(1, 4),
    ).toEqual(['csv1@example.test', '佐藤 一', 'サトウ　ハジメ']);
    const again = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8(lines.map((l) => l.split(','))),
    );
    expect(again.counts).toEqual({ unchanged: 2 });
  });

  it('edit: a フリガナ column changes it; no フリガナ column leaves it as it is', async () => {
    const [sato] = await deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'csv1@example.test'));
    const withColumn = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', 'フリガナ'],
        [sato!.id, 'ｻﾄｳ ｲﾁ'],
      ]),
    );
    expect(withColumn.counts).toEqual({ update: 1 });
    const [row] = (await rowsOf(app, headers, withColumn.id, '&action=update')).rows;
    expect([row!.before!.furigana, row!.after!.furigana]).toEqual([
      'サトウ　ハジメ',
      'サトウ　イチ',
    ]);
    await execute(app, headers, withColumn.id);
    expect((await settle(app, headers, withColumn.id)).status).toBe(6);
    const without = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名'],
        [sato!.id, '佐藤 はじめ'],
      ]),
    );
    expect(without.counts).toEqual({ update: 1 });
    await execute(app, headers, without.id);
    expect((await settle(app, headers, without.id)).status).toBe(6);
    expect((await stored(sato!.id)).furigana).toBe('サトウ　イチ');
    expect((await stored(sato!.id)).name).toBe('佐藤 はじめ');
  });
});
