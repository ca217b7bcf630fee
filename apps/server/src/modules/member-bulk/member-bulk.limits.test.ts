import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BULK_MAX_DATA_ROWS } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { bulkManipulations } from '../../db/schema.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { createMemberChecker } from './member-checker.ts';
import { rowsOf, upload, utf8, type Headers } from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let companyId: string;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const check = async (id: string) => {
  await runCheck(deps, id, (m, h) => createMemberChecker(deps.database.db, m, h));
  return (
    await deps.database.db.select().from(bulkManipulations).where(eq(bulkManipulations.id, id))
  )[0]!;
};

it('the last company admin stays: removing every admin is an error on each removing row', async () => {
  const other = await makeUser(deps, companyId, {
    roles: ['CompanyAdmin'],
    email: 'second-admin@example.com',
  });
  const m = await upload(
    app,
    headers,
    'bulk_edit',
    utf8([
      ['メンバーID', '組織管理権限'],
      [admin.id, '0'],
      [other.id, 'なし'],
    ]),
  );
  // Made by nobody in particular (e.g. the creator was deleted): the self rule does not hide this one.
  await deps.database.db
    .update(bulkManipulations)
    .set({ createdBy: null })
    .where(eq(bulkManipulations.id, m.id));
  const checked = await check(m.id);
  expect(checked.status).toBe(3);
  const { rows } = await rowsOf(app, headers, m.id);
  expect(rows.map((r) => [r.rowNumber, r.action, r.errors])).toEqual([
    [
      2,
      'error',
      [
        {
          column: '組織管理権限',
          message: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
        },
      ],
    ],
    [
      3,
      'error',
      [
        {
          column: '組織管理権限',
          message: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
        },
      ],
    ],
  ]);
});

it(
  `more than ${BULK_MAX_DATA_ROWS.toLocaleString()} data rows fail the file`,
  { timeout: 300_000 },
  async () => {
    const lines = ['メールアドレス'];
    for (let i = 0; i <= BULK_MAX_DATA_ROWS; i += 1) lines.push(`x${i}`);
    const m = await upload(app, headers, 'bulk_add', Buffer.from(`${lines.join('\r\n')}\r\n`));
    const checked = await check(m.id);
    expect(checked.status).toBe(3);
    expect(checked.fileError).toEqual({
      message:
        'データ行が上限（300,000行）を超えています。ファイルを分けてアップロードしてください。',
    });
    expect((await rowsOf(app, headers, m.id)).total).toBe(0);
  },
);
