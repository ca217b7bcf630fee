import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { MSG_EXCEL_FILE } from '@cloudsign/contract';
import { memberGroups } from '../../db/schema.ts';
import { xlsBytes, xlsxBytes } from '../../../test/support/excel-files.ts';
import {
  ADD_HEADER,
  execute,
  exportMembers,
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
let admin: Awaited<ReturnType<typeof makeUser>>;
let companyId: string;
let groupId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  companyId = company.id;
  admin = await makeUser(deps, company.id, {
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

const errorsOf = async (id: string) =>
  (await rowsOf(app, headers, id, '&action=error')).rows.map((r) => [r.rowNumber, r.errors]);

describe('file checks', () => {
  it('missing, unknown and duplicated headers fail the file, each with its column', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['氏名', '部署', '氏名'],
        ['a', 'b', 'c'],
      ]),
    );
    expect(m.status).toBe(3);
    expect(m.fileError).toEqual({
      message: '1行目の見出し（列名）に誤りがあります。',
      details: [
        {
          path: '1行目 2列目',
          message: `列「部署」は使用できません。使用できる列: ${['メールアドレス', '氏名', 'フリガナ', ...ADD_HEADER.slice(2)].join('、')}`,
        },
        { path: '1行目 3列目', message: '列「氏名」が重複しています（1列目と3列目）。' },
        { path: '1行目', message: '必須の列「メールアドレス」がありません。' },
      ],
    });
  });

  it('an empty file and a header-only file', async () => {
    expect((await uploadAndCheck(app, headers, 'bulk_add', Buffer.alloc(0))).fileError).toEqual({
      message: 'ファイルが空です。1行目に見出し（列名）を書いてください。',
    });
    expect(
      (await uploadAndCheck(app, headers, 'bulk_add', utf8([['メールアドレス']]))).fileError,
    ).toEqual({ message: 'データ行がありません。2行目以降にデータを入力してください。' });
  });

  it('UTF-16 and binary files are refused with a clear message', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('メールアドレス\r\na@example.com\r\n', 'utf16le'),
    ]);
    expect((await uploadAndCheck(app, headers, 'bulk_add', utf16)).fileError?.message).toMatch(
      /^UTF-16 の CSV には対応していません。/,
    );
    const binary = Buffer.from([
      0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00,
    ]);
    expect((await uploadAndCheck(app, headers, 'bulk_add', binary)).fileError?.message).toMatch(
      /^CSV ファイルではないようです/,
    );
  });

  it('an Excel workbook (.xlsx, .xls) is refused with how to save it as CSV', async () => {
    for (const bytes of [xlsxBytes(), xlsBytes()]) {
      const m = await uploadAndCheck(app, headers, 'bulk_add', bytes);
      expect([m.status, m.fileError]).toEqual([3, { message: MSG_EXCEL_FILE }]);
    }
  });

  it('an unclosed quote names its row', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      Buffer.from('メールアドレス,氏名\r\na@example.com,"x\r\n'),
    );
    expect(m.fileError?.message).toBe('2行目: 引用符（"）が閉じられていません。');
  });

  it('a file over 50 MB answers 413 with a Japanese message and stores nothing', async () => {
    const { multipart } = await import('../../../test/support/member-bulk.world.ts');
    const mp = multipart(Buffer.alloc(50 * 1024 * 1024 + 10, 0x61));
    const res = await app.inject({
      method: 'POST',
      url: '/members/bulk_add',
      headers: { ...headers, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'payload_too_large',
      message:
        'ファイルサイズが上限（50MB）を超えています。ファイルを分けてアップロードしてください。',
    });
  });

  it('Shift_JIS with CP932 extension characters is read correctly', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      sjis([
        ADD_HEADER,
        ['sjis@example.com', '髙橋 ①', '㈱テスト', '1', 'あり', 'なし', '0', '', '営業部'],
      ]),
    );
    expect(m.status).toBe(4);
    expect(m.encoding).toBe('sjis');
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows[0]).toMatchObject({
      rowNumber: 2,
      action: 'add',
      after: {
        email: 'sjis@example.com',
        name: '髙橋 ①',
        organization: '㈱テスト',
        roles: ['CompanyAdmin', 'CompanyApprover'],
        groups: [{ id: groupId, name: '営業部' }],
      },
    });
  });
});

describe('row checks, in order: cells → across rows → references → state', () => {
  it('cells: email syntax and length, name and 所属 length, privilege values, row shape', async () => {
    const long = `${'a'.repeat(250)}@example.com`;
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', '氏名', '所属', '承認権限'],
        ['not-an-email', 'ok', '', ''],
        [long, 'x'.repeat(65), 'y'.repeat(101), 'はい'],
        ['', '', '', ''],
        ['ok@example.com', 'ok'],
        ['fine@example.com', '', '', '１'],
      ]),
    );
    expect(m.status).toBe(3);
    expect(m.counts).toEqual({ error: 3, add: 1 });
    expect(await errorsOf(m.id)).toEqual([
      [2, [{ column: 'メールアドレス', message: 'メールアドレスの形式が正しくありません。' }]],
      [
        3,
        [
          { column: 'メールアドレス', message: 'メールアドレスは254文字以内で入力してください。' },
          { column: '氏名', message: '氏名は64文字以内で入力してください。' },
          { column: '所属', message: '所属は100文字以内で入力してください。' },
          {
            column: '承認権限',
            message:
              '「はい」は指定できません。1 または あり（権限を付与）、0・なし・空欄（付与しない）で入力してください。',
          },
        ],
      ],
      [5, [{ column: '', message: '列の数（2）が見出しの列の数（4）と一致しません。' }]],
    ]);
  });

  it('across rows, references and state: duplicate email, unknown group, email already used', async () => {
    const other = await makeCompany(deps, { name: '他社' });
    await makeUser(deps, other.id, { email: 'taken@example.com' });
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', 'メンバーグループ'],
        ['dup@example.com', `営業部;${groupId}`],
        ['DUP@example.com', ''],
        ['ref@example.com', '営業部;存在しない部'],
        ['Taken@Example.com', ''],
        ['all@example.com', 'すべてのメンバー'],
      ]),
    );
    expect(await errorsOf(m.id)).toEqual([
      [3, [{ column: 'メールアドレス', message: 'このメールアドレスは2行目と重複しています。' }]],
      [
        4,
        [
          {
            column: 'メンバーグループ',
            message: 'メンバーグループ「存在しない部」が見つかりません。',
          },
        ],
      ],
      [5, [{ column: 'メールアドレス', message: 'このメールアドレスはすでに使われています。' }]],
    ]);
    const { rows } = await rowsOf(app, headers, m.id, '&action=add');
    expect(rows.map((r) => [r.rowNumber, (r.after as { groups: unknown[] }).groups])).toEqual([
      [2, [{ id: groupId, name: '営業部' }]],
      [6, []],
    ]);
  });

  it('a full-width ； separates groups like ;, and a group named with ； is exported by id', async () => {
    const [legal, odd] = await deps.database.db
      .insert(memberGroups)
      .values([
        { companyId, name: '法務部' },
        { companyId, name: '東京；大阪' },
      ])
      .returning();
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      sjis([
        ['メールアドレス', 'メンバーグループ'],
        ['fullwidth@example.com', '営業部；法務部'],
        ['mixed@example.com', `法務部 ；${odd!.id};営業部`],
      ]),
    );
    expect(await errorsOf(m.id)).toEqual([]);
    const { rows } = await rowsOf(app, headers, m.id, '&action=add');
    const names = (r: (typeof rows)[number]) =>
      (r.after as { groups: { name: string }[] }).groups.map((g) => g.name);
    expect(rows.map((r) => [r.rowNumber, names(r)])).toEqual([
      [2, ['法務部', '営業部'].sort()],
      [3, ['東京；大阪', '法務部', '営業部'].sort()],
    ]);
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);
    const { file } = await exportMembers(app, headers, {
      filters: { keyword: 'mixed@example.com' },
      encoding: 'utf8bom',
    });
    const text = file.toString('utf8');
    expect(text).toContain(odd!.id);
    expect(text).not.toContain('東京；大阪');
    expect(text).toContain(legal!.name);
  });

  it('edit: member id format, member twice, not found, yourself, changed since the template', async () => {
    const bob = await makeUser(deps, companyId, { email: 'bob@example.com', name: 'Bob' });
    const stranger = await makeUser(deps, (await makeCompany(deps)).id);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '組織管理権限', '更新日時'],
        ['xyz', 'a', '', ''],
        [bob.id, 'Bobby', '0', ''],
        [bob.id, 'Robert', '0', ''],
        [stranger.id, 'x', '0', ''],
        [admin.id, '管理 花子', '0', ''],
        ['', 'x', '', ''],
      ]),
    );
    expect(await errorsOf(m.id)).toEqual([
      [2, [{ column: 'メンバーID', message: 'メンバーIDの形式が正しくありません。' }]],
      [4, [{ column: 'メンバーID', message: 'このメンバーは3行目と重複しています。' }]],
      [5, [{ column: 'メンバーID', message: 'メンバーが見つかりません。' }]],
      [6, [{ column: '組織管理権限', message: '自分自身の権限は変更できません。' }]],
      [7, [{ column: 'メンバーID', message: 'メンバーIDを入力してください。' }]],
    ]);
    const stale = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '更新日時'],
        [bob.id, 'B', '2020-01-01T00:00:00.000+09:00'],
      ]),
    );
    expect(await errorsOf(stale.id)).toEqual([
      [
        2,
        [
          {
            column: '更新日時',
            message:
              '編集用CSVの作成後にこのメンバーが変更されています。編集用CSVをダウンロードし直してください。',
          },
        ],
      ],
    ]);
  });

  it('delete: by email or id, not found, yourself, id and email of different members', async () => {
    const carol = await makeUser(deps, companyId, { email: 'carol@example.com' });
    const dave = await makeUser(deps, companyId, { email: 'dave@example.com' });
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([
        ['メンバーID', 'メールアドレス'],
        ['', 'carol@example.com'],
        [carol.id, ''],
        ['', 'nobody@example.com'],
        [admin.id, ''],
        [dave.id, 'carol@example.com'],
      ]),
    );
    expect(await errorsOf(m.id)).toEqual([
      [2, [{ column: 'メールアドレス', message: 'このメンバーは3行目と重複しています。' }]],
      [4, [{ column: 'メールアドレス', message: 'メンバーが見つかりません。' }]],
      [5, [{ column: 'メンバーID', message: '自分自身は削除できません。' }]],
      [
        6,
        [
          {
            column: 'メールアドレス',
            message: 'メンバーIDとメールアドレスが別のメンバーを指しています。',
          },
        ],
      ],
    ]);
  });
});
