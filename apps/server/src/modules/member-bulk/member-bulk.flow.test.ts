import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import type { TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { memberGroupUsers, memberGroups, users } from '../../db/schema.ts';
import { memberSearchText } from '../../lib/search-text.ts';
import {
  ADD_HEADER,
  execute,
  rowsOf,
  settle,
  sjis,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let companyId: string;
let groupId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  companyId = company.id;
  const admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: 'hanako@example.test',
    roles: ['CompanyAdmin'],
  });
  headers = (await signIn(deps, admin)).headers;
  const [g] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId, name: '営業部' })
    .returning();
  groupId = g!.id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const get = (url: string, h: Headers = headers) => app.inject({ method: 'GET', url, headers: h });
const byEmail = async (email: string) =>
  (await deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('add: upload → check → execute once → members, groups and invitations', () => {
  let m: TBulkManipulation;

  it('checks a Shift_JIS file and executes it; a second execute answers the same run', async () => {
    m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      sjis([
        ADD_HEADER,
        ['Sato@Example.com', '佐藤 髙志', '㈱営業', '0', '1', '', '', '', '営業部'],
        ['suzuki@example.com', '鈴木', '', '', '', '', '', '', ''],
      ]),
    );
    expect(m).toMatchObject({
      status: 4,
      counts: { add: 2 },
      totalRows: 2,
      createdBy: { name: '管理 花子' },
      originalFilename: 'members.csv',
    });
    const first = await execute(app, headers, m.id);
    expect(first.statusCode).toBe(200);
    const second = await execute(app, headers, m.id);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ manipulation: TBulkManipulation }>().manipulation.id).toBe(m.id);
    const done = await settle(app, headers, m.id);
    expect(done).toMatchObject({
      status: 6,
      counts: { add: 2, succeeded: 2, failed: 0 },
      processedRows: 2,
      totalRows: 2,
    });
    const third = await execute(app, headers, m.id);
    expect(third.statusCode).toBe(200);
    expect(third.json<{ manipulation: TBulkManipulation }>().manipulation).toEqual(done);

    const sato = await byEmail('sato@example.com');
    expect(sato).toMatchObject({
      companyId,
      name: '佐藤 髙志',
      organization: '㈱営業',
      roles: ['CompanyApprover'],
      status: 0,
    });
    expect(sato!.searchText).toBe(
      memberSearchText({ name: '佐藤 髙志', email: 'sato@example.com', organization: '㈱営業' }),
    );
    const groups = await deps.database.db
      .select()
      .from(memberGroupUsers)
      .where(eq(memberGroupUsers.userId, sato!.id));
    expect(groups.map((g) => g.groupId)).toEqual([groupId]);
  });

  it('mails each new member a password-setup link, once', async () => {
    const started = Date.now();
    while (
      deps.sentMails.filter((x) => x.subject.includes('パスワード設定')).length < 2 &&
      Date.now() - started < 20_000
    )
      await new Promise((r) => setTimeout(r, 100));
    expect(deps.sentMails.map((x) => x.to).sort()).toEqual([
      'sato@example.com',
      'suzuki@example.com',
    ]);
  });

  it('the result CSV has the input columns, 結果 and エラー, in the uploaded encoding', async () => {
    const res = await get(`/members/bulk_manipulations/${m.id}/result.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="member_bulk_result_\d{8}-\d{4}\.csv"; filename\*=UTF-8''/,
    );
    const text = iconv.decode(res.rawPayload, 'cp932').split('\r\n');
    expect(text[0]).toBe(['行番号', ...ADD_HEADER, '結果', 'エラー'].join(','));
    expect(text[1]).toBe('2,Sato@Example.com,佐藤 髙志,㈱営業,0,1,,,,営業部,追加（成功）,');
  });

  it('history lists it newest first; the detail, rows and the uploaded file are there', async () => {
    const list = await get('/members/bulk_manipulations?page=1&perPage=5');
    expect(
      list.json<{ manipulations: TBulkManipulation[]; total: number }>().manipulations[0]!.id,
    ).toBe(m.id);
    const rows = await rowsOf(app, headers, m.id, '&outcome=succeeded');
    expect(rows.total).toBe(2);
    const file = await get(`/members/bulk_manipulations/${m.id}/file`);
    expect(iconv.decode(file.rawPayload, 'cp932')).toContain('佐藤 髙志');
  });
});

describe('errors, cancel, refusal to execute', () => {
  it('the errors-only CSV lists the bad rows with their messages; execute is refused; cancel works once', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', '氏名'],
        ['=HYPERLINK("x")', 'a'],
        ['ok2@example.com', 'b'],
      ]),
    );
    expect(m.status).toBe(3);
    const errors = await get(`/members/bulk_manipulations/${m.id}/errors.csv?encoding=utf8bom`);
    expect(errors.rawPayload.subarray(3).toString('utf8')).toBe(
      '行番号,メールアドレス,氏名,結果,エラー\r\n2,"\'=HYPERLINK(""x"")",a,エラー,メールアドレス: メールアドレスの形式が正しくありません。\r\n',
    );
    const refused = await execute(app, headers, m.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'チェックが完了し、エラーのない一括操作だけを実行できます。',
    );
    const cancel = await app.inject({
      method: 'PUT',
      url: `/members/bulk_manipulations/${m.id}`,
      headers,
      payload: { action: 'cancel' },
    });
    expect(cancel.json<{ manipulation: TBulkManipulation }>().manipulation.status).toBe(0);
  });

  it('only company admins; another company gets 404', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([['メールアドレス'], ['p@example.com']]),
    );
    const member = await makeUser(deps, companyId);
    const asMember = (await signIn(deps, member)).headers;
    expect((await get('/members/bulk_manipulations', asMember)).statusCode).toBe(403);
    expect((await get('/members/bulk_add/csv_template', asMember)).statusCode).toBe(403);
    const other = await makeCompany(deps);
    const otherAdmin = (
      await signIn(deps, await makeUser(deps, other.id, { roles: ['CompanyAdmin'] }))
    ).headers;
    expect((await get(`/members/bulk_manipulations/${m.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await execute(app, otherAdmin, m.id)).statusCode).toBe(404);
    expect(
      (await get(`/members/bulk_manipulations/${m.id}/result.csv`, otherAdmin)).statusCode,
    ).toBe(404);
    expect((await get('/members/bulk_manipulations/not-a-uuid', headers)).statusCode).toBe(404);
  });

  it('answers a run asked for under another kind with 404, like an unknown id', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([['メールアドレス'], ['kind@example.com']]),
    );
    const asAdd = await get(`/members/bulk_manipulations/${m.id}?kind=1`);
    expect(asAdd.statusCode).toBe(200);
    expect(asAdd.json<{ manipulation: TBulkManipulation }>().manipulation.id).toBe(m.id);
    expectError(await get(`/members/bulk_manipulations/${m.id}?kind=5`), 'not_found');
    expectError(await get(`/members/bulk_manipulations/${m.id}?kind=2`), 'not_found');
  });
});

describe('templates', () => {
  it('add and delete templates in Shift_JIS and UTF-8 with BOM', async () => {
    const s = await get('/members/bulk_add/csv_template?encoding=sjis');
    // The template offers the optional フリガナ after 氏名; uploads without it (ADD_HEADER) stay valid.
    const template = ['メールアドレス', '氏名', 'フリガナ', ...ADD_HEADER.slice(2)];
    expect(iconv.decode(s.rawPayload, 'cp932')).toBe(`${template.join(',')}\r\n`);
    expect(s.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('メンバー一括追加テンプレート_')}`,
    );
    const u = await get('/members/bulk_delete/csv_template?encoding=utf8bom');
    expect([...u.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(u.rawPayload.subarray(3).toString('utf8')).toBe(
      'メンバーID,メールアドレス,移管先メールアドレス\r\n',
    );
    expect((await get('/members/bulk_add/csv_template?encoding=latin1')).statusCode).toBe(400);
  });
});

describe('export → edit round trip, formula escaping, edit and delete executions', () => {
  const exportCsv = async (
    path: '/members/export/csv' | '/members/bulk_edit/csv_template',
    base: string,
    encoding: 'sjis' | 'utf8bom',
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers,
      payload: { filters: {}, encoding },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
    const done = await settle(app, headers, id, `${base}/${id}`);
    expect(done.status).toBe(6);
    const status = await get(`${base}/${id}/status`);
    expect(status.json()).toEqual({
      id,
      status: 6,
      processedRows: done.totalRows,
      totalRows: done.totalRows,
    });
    const file = await get(`${base}/${id}/csv`);
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };

  it('an export re-uploaded as an edit file reports every row unchanged (both encodings)', async () => {
    await makeUser(deps, companyId, {
      name: '=cmd|calc',
      email: 'formula@example.com',
      organization: '@team',
    });
    for (const encoding of ['utf8bom', 'sjis'] as const) {
      const bytes = await exportCsv('/members/export/csv', '/members/export', encoding);
      const m = await uploadAndCheck(app, headers, 'bulk_edit', bytes);
      expect(m.status).toBe(4);
      expect(Object.keys(m.counts)).toEqual(['unchanged']);
    }
  });

  it('every formula-like cell of an export is escaped', async () => {
    const text = (await exportCsv('/members/export/csv', '/members/export', 'utf8bom'))
      .subarray(3)
      .toString('utf8');
    const line = text.split('\r\n').find((l) => l.includes('formula@example.com'))!;
    expect(line).toContain(",'=cmd|calc,,'@team,");
  });

  it('edit via the generated template: changes apply, groups are replaced, 更新日時 moves on', async () => {
    const bytes = await exportCsv(
      '/members/bulk_edit/csv_template',
      '/members/bulk_edit/csv_template',
      'utf8bom',
    );
    const lines = bytes
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    const target = lines.find((l) => l[1] === 'suzuki@example.com')!;
    target[2] = '鈴木 一郎';
    target[6] = '1';
    target[10] = '営業部';
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      Buffer.from(lines.map((l) => l.join(',')).join('\r\n')),
    );
    expect(m.counts).toMatchObject({ update: 1 });
    const [row] = (await rowsOf(app, headers, m.id, '&action=update')).rows;
    expect(row!.before).toMatchObject({ name: '鈴木', roles: [], groups: [] });
    expect(row!.after).toMatchObject({
      name: '鈴木 一郎',
      roles: ['CompanyApprover'],
      groups: [{ id: groupId, name: '営業部' }],
    });
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);
    const suzuki = await byEmail('suzuki@example.com');
    expect(suzuki).toMatchObject({ name: '鈴木 一郎', roles: ['CompanyApprover'] });
    expect(suzuki!.searchText).toBe(
      memberSearchText({ name: '鈴木 一郎', email: 'suzuki@example.com', organization: '' }),
    );
  });

  it('a state change between check and execute fails that row with its reason (ProcessedWithError)', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([['メールアドレス'], ['late@example.com'], ['fine@example.com']]),
    );
    await makeUser(deps, (await makeCompany(deps)).id, { email: 'late@example.com' });
    await execute(app, headers, m.id);
    const done = await settle(app, headers, m.id);
    expect(done).toMatchObject({ status: 7, counts: { succeeded: 1, failed: 1 } });
    const failed = await rowsOf(app, headers, m.id, '&outcome=failed');
    expect(failed.rows.map((r) => [r.rowNumber, r.outcomeMessage])).toEqual([
      [2, 'このメールアドレスはすでに使われています。（チェックの後に使われました）'],
    ]);
  });

  it('delete by email removes the member', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([['メールアドレス'], ['fine@example.com']]),
    );
    expect(m.counts).toEqual({ delete: 1 });
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);
    expect(await byEmail('fine@example.com')).toBeUndefined();
  });
});
