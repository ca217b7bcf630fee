/**
 * 利用状態 in the member CSVs: the export and edit template write it, an edit file deactivates (sessions end
 * with the row) or restores, and the refused cases say so on the row's 利用状態 cell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BulkStatus, MEMBER_STATUS_LABELS, type TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { bulkManipulations, companies, sessions, users } from '../../db/schema.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { createMemberChecker } from './member-checker.ts';
import * as sso from '../sso/sso.repository.ts';
import { makeKey } from '../../../test/support/saml-idp.ts';
import {
  execute,
  rowsOf,
  settle,
  upload,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

const LAST_ADMIN = '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function company() {
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], passwordHash: 'x' });
  const headers: Headers = (await signIn(deps, admin)).headers;
  return { companyId, admin, headers };
}

const approvalOff = (companyId: string) =>
  deps.database.db
    .update(companies)
    .set({ documentApproval: 0 })
    .where(eq(companies.id, companyId));
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });
const statusOf = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!.status;

async function exportLines(headers: Headers) {
  const res = await app.inject({
    method: 'POST',
    url: '/members/export/csv',
    headers,
    payload: { filters: {}, encoding: 'utf8bom' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  expect((await settle(app, headers, id, `/members/export/${id}`)).status).toBe(6);
  const file = await get(`/members/export/${id}/csv`, headers);
  return {
    bytes: file.rawPayload,
    lines: file.rawPayload
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(',')),
  };
}

const checked = async (headers: Headers, m: TBulkManipulation) =>
  (await rowsOf(app, headers, m.id)).rows.map((r) => [
    r.rowNumber,
    r.action,
    (r.before as { status?: number } | null)?.status,
    (r.after as { status?: number } | null)?.status,
    r.errors,
  ]);

describe('export', () => {
  it('writes 利用状態 after メンバーグループ, each state in the word the member list shows', async () => {
    const { companyId, admin, headers } = await company();
    const reset = await makeUser(deps, companyId, { status: 2 });
    const dormant = await makeUser(deps, companyId, { status: 3 });
    const invited = await makeUser(deps, companyId, { status: 0 });
    const { lines } = await exportLines(headers);
    expect(lines[0]).toEqual([
      'メンバーID',
      'メールアドレス',
      '氏名',
      'フリガナ',
      '所属',
      '組織管理権限',
      '承認権限',
      '監査ログ閲覧権限',
      '書類インポート権限',
      'テンプレート共有権限',
      'メンバーグループ',
      '利用状態',
      '更新日時',
      '最終ログイン日時',
    ]);
    const stateOf = new Map(lines.slice(1).map((l) => [l[1], l[11]]));
    expect(Object.fromEntries(stateOf)).toEqual({
      [admin.email]: '有効',
      [reset.email]: 'パスワード再設定待ち',
      [dormant.email]: '利用停止',
      [invited.email]: '招待中',
    });
    // One map for the screen's 状態 and the file's 利用状態 (the console's statusLabel reads it too).
    for (const u of [admin, reset, dormant, invited])
      expect(stateOf.get(u.email)).toBe(MEMBER_STATUS_LABELS[u.status]);
  });
});

describe('edit upload', () => {
  it('有効 → 利用停止 deactivates and ends sessions; 利用停止 → 有効 restores', async () => {
    const { companyId, headers } = await company();
    const active = await makeUser(deps, companyId, { passwordHash: 'x' });
    const activeSession = await signIn(deps, active);
    const back = await makeUser(deps, companyId, { status: 3, passwordHash: 'x' });
    const neverSignedIn = await makeUser(deps, companyId, { status: 3 });
    const same = await makeUser(deps, companyId, { status: 2 });
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '利用状態'],
        [active.id, '利用停止'],
        [back.id, '有効'],
        // 利用中, as files exported before said it, still reads as 有効.
        [neverSignedIn.id, '利用中'],
        [same.id, 'パスワード再設定待ち'],
      ]),
    );
    expect(m.counts).toEqual({ update: 3, unchanged: 1 });
    expect(await checked(headers, m)).toEqual([
      [2, 'update', 1, 3, []],
      [3, 'update', 3, 1, []],
      // Never set a password: back to 招待中, as 利用再開 of a single member does.
      [4, 'update', 3, 0, []],
      [5, 'unchanged', 2, 2, []],
    ]);
    expect((await execute(app, headers, m.id)).statusCode).toBe(200);
    const done = await settle(app, headers, m.id);
    expect(done.counts).toMatchObject({ succeeded: 3 });
    expect(await statusOf(active.id)).toBe(3);
    expect(await statusOf(back.id)).toBe(1);
    expect(await statusOf(neverSignedIn.id)).toBe(0);
    expect(await statusOf(same.id)).toBe(2);
    expect(
      await deps.database.db.select().from(sessions).where(eq(sessions.userId, active.id)),
    ).toEqual([]);
    expect((await get('/me', activeSession.headers)).statusCode).toBe(401);
  });

  it('in a company that requires SSO, 利用再開 of a member who never set a password makes him 有効', async () => {
    const { companyId, admin, headers } = await company();
    const ssoOnly = await makeUser(deps, companyId, { status: 3 });
    // A break-glass exception may still use a password: he is invited again, as in any company.
    const exception = await makeUser(deps, companyId, { status: 3, roles: ['CompanyAdmin'] });
    await sso.saveSettings(
      deps.database.db,
      {
        companyId,
        idpEntityId: 'https://idp.example.test/metadata',
        idpSsoUrl: 'https://idp.example.test/sso',
        idpCertificates: [makeKey().certB64],
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
        exceptionUserIds: [admin.id, exception.id],
      },
      deps.clock(),
    );
    await sso.setEnabled(deps.database.db, companyId, true);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '利用状態'],
        [ssoOnly.id, '有効'],
        [exception.id, '有効'],
      ]),
    );
    // The check shows what the run does: 有効 for the IdP's member, 招待中 for the exception.
    expect(await checked(headers, m)).toEqual([
      [2, 'update', 3, 1, []],
      [3, 'update', 3, 0, []],
    ]);
    expect((await execute(app, headers, m.id)).statusCode).toBe(200);
    expect((await settle(app, headers, m.id)).counts).toMatchObject({ succeeded: 2 });
    expect([await statusOf(ssoOnly.id), await statusOf(exception.id)]).toEqual([1, 0]);
  });

  it('a member deactivated from the drawer between check and execution fails its row, nothing reapplied', async () => {
    const { companyId, headers } = await company();
    const member = await makeUser(deps, companyId, { passwordHash: 'x' });
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '利用状態'],
        [member.id, '改名 次郎', '利用停止'],
      ]),
    );
    expect(m.counts).toEqual({ update: 1 });
    const single = await app.inject({
      method: 'PUT',
      url: `/users/${member.id}/deactivate`,
      headers,
    });
    expect(single.statusCode, single.body).toBe(200);
    expect((await execute(app, headers, m.id)).statusCode).toBe(200);
    expect((await settle(app, headers, m.id)).counts).toMatchObject({ failed: 1 });
    const [row] = (await rowsOf(app, headers, m.id)).rows;
    expect([row!.outcome, row!.outcomeMessage]).toEqual([
      'failed',
      'チェックの後にこのメンバーが変更されたため、反映しませんでした。もう一度アップロードしてください。',
    ]);
    const [after] = await deps.database.db.select().from(users).where(eq(users.id, member.id));
    expect([after!.status, after!.name]).toEqual([3, member.name]);
  });

  it('refuses an invited member, 招待中 or パスワード再設定待ち on an active one, an unknown word and oneself', async () => {
    const { companyId, admin, headers } = await company();
    const invited = await makeUser(deps, companyId, { status: 0 });
    const active = await makeUser(deps, companyId);
    const other = await makeUser(deps, companyId);
    const resetting = await makeUser(deps, companyId);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '利用状態'],
        [invited.id, '利用停止'],
        [active.id, '招待中'],
        [other.id, '停止'],
        [admin.id, '利用停止'],
        [invited.id.toUpperCase(), ''],
        [resetting.id, 'パスワード再設定待ち'],
      ]),
    );
    expect(m.status).toBe(3);
    expect((await rowsOf(app, headers, m.id)).rows.map((r) => [r.rowNumber, r.errors])).toEqual([
      [
        2,
        [
          {
            column: '利用状態',
            message:
              '招待中のメンバーの利用状態は変更できません。利用状態を「招待中」のままにするか、空欄にしてください。',
          },
        ],
      ],
      [
        3,
        [
          {
            column: '利用状態',
            message:
              '利用状態を「招待中」にすることはできません。有効 または 利用停止 で入力してください。',
          },
        ],
      ],
      [
        4,
        [
          {
            column: '利用状態',
            message:
              '「停止」は指定できません。有効 または 利用停止 で入力してください（空欄は変更なし）。',
          },
        ],
      ],
      [5, [{ column: '利用状態', message: '自分自身は利用停止にできません。' }]],
      [6, [{ column: 'メンバーID', message: 'このメンバーは2行目と重複しています。' }]],
      [
        7,
        [
          {
            column: '利用状態',
            message:
              '利用状態を「パスワード再設定待ち」にすることはできません。有効 または 利用停止 で入力してください（パスワードの再設定はメンバーの画面から依頼します）。',
          },
        ],
      ],
    ]);
    expect(await statusOf(invited.id)).toBe(0);
    expect(await statusOf(active.id)).toBe(1);
  });

  it('deactivating the last active admin is refused on 利用状態; restoring another admin in the file allows it', async () => {
    const { companyId, admin, headers } = await company();
    const dormant = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], status: 3 });
    // Checked as if its creator were gone, so the self rule does not answer first.
    const check = async (rows: string[][]) => {
      const m = await upload(app, headers, 'bulk_edit', utf8(rows));
      // The worker checks the upload first; only then is it checked again, alone, without its creator (two
      // checks of one upload at once would race on its rows).
      await settle(app, headers, m.id);
      await deps.database.db
        .update(bulkManipulations)
        .set({ createdBy: null, status: BulkStatus.Uploaded })
        .where(eq(bulkManipulations.id, m.id));
      await runCheck(deps, m.id, (mm, h) => createMemberChecker(deps.database.db, mm, h));
      return (await rowsOf(app, headers, m.id)).rows.map((r) => [r.rowNumber, r.action, r.errors]);
    };
    expect(
      await check([
        ['メンバーID', '利用状態'],
        [admin.id, '利用停止'],
      ]),
    ).toEqual([[2, 'error', [{ column: '利用状態', message: LAST_ADMIN }]]]);
    expect(
      await check([
        ['メンバーID', '利用状態'],
        [admin.id, '利用停止'],
        [dormant.id, '有効'],
      ]),
    ).toEqual([
      [2, 'update', []],
      [3, 'update', []],
    ]);
  });
});

describe('承認権限 follows the company documentApproval flag', () => {
  const APPROVER_OFF =
    '列「承認権限」は使用できません。書類の承認機能が無効のため、承認権限は設定できません。この列を削除してアップロードしてください（企業設定で書類の承認を有効にすると使えます）。';

  it('off: the add template and the export leave it out; the export re-uploads unchanged', async () => {
    const { companyId, headers } = await company();
    await approvalOff(companyId);
    const t = await get('/members/bulk_add/csv_template?encoding=utf8bom', headers);
    expect(t.rawPayload.subarray(3).toString('utf8')).toBe(
      'メールアドレス,氏名,フリガナ,所属,組織管理権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ\r\n',
    );
    const { bytes, lines } = await exportLines(headers);
    expect(lines[0]!.join(',')).toBe(
      'メンバーID,メールアドレス,氏名,フリガナ,所属,組織管理権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ,利用状態,更新日時,最終ログイン日時',
    );
    expect(lines[1]!.slice(5, 11)).toEqual(['1', '0', '0', '0', '', '有効']);
    const m = await uploadAndCheck(app, headers, 'bulk_edit', bytes);
    expect(m.status).toBe(4);
    expect(m.counts).toEqual({ unchanged: 1 });
  });

  it('off: an add or edit file naming 承認権限 is refused at the header, saying why', async () => {
    const { companyId, admin, headers } = await company();
    await approvalOff(companyId);
    const add = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', '承認権限'],
        ['new@example.test', '1'],
      ]),
    );
    expect(add.status).toBe(3);
    expect(add.fileError).toEqual({
      message: '1行目の見出し（列名）に誤りがあります。',
      details: [{ path: '1行目 2列目', message: APPROVER_OFF }],
    });
    const edit = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '承認権限'],
        [admin.id, '改名', '0'],
      ]),
    );
    expect(edit.fileError).toEqual({
      message: '1行目の見出し（列名）に誤りがあります。',
      details: [{ path: '1行目 3列目', message: APPROVER_OFF }],
    });
    expect(
      (await deps.database.db.select().from(users).where(eq(users.email, 'new@example.test')))
        .length,
    ).toBe(0);
  });

  it('off: a header named like an object member is an unknown column, not a reason of its own', async () => {
    const { companyId, headers } = await company();
    await approvalOff(companyId);
    const names = ['constructor', '__proto__', 'toString'];
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ['メールアドレス', ...names],
        ['new@example.test', 'x', 'y', 'z'],
      ]),
    );
    expect(m.status).toBe(3);
    const allowed =
      'メールアドレス、氏名、フリガナ、所属、組織管理権限、監査ログ閲覧権限、書類インポート権限、テンプレート共有権限、メンバーグループ';
    expect(m.fileError?.details).toEqual(
      names.map((h, i) => ({
        path: `1行目 ${i + 2}列目`,
        message: `列「${h}」は使用できません。使用できる列: ${allowed}`,
      })),
    );
  });

  it('on: the column is in the template and an upload sets it', async () => {
    const { companyId, headers } = await company();
    const member = await makeUser(deps, companyId);
    const t = await get('/members/bulk_add/csv_template?encoding=utf8bom', headers);
    expect(t.rawPayload.subarray(3).toString('utf8')).toBe(
      'メールアドレス,氏名,フリガナ,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ\r\n',
    );
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '承認権限'],
        [member.id, '1'],
      ]),
    );
    expect(m.counts).toEqual({ update: 1 });
    expect((await execute(app, headers, m.id)).statusCode).toBe(200);
    await settle(app, headers, m.id);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.roles).toEqual(['CompanyApprover']);
  });
});
