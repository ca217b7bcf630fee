/**
 * The last active company admin in bulk files: deleted or demoted, each removing row says why. A deactivated
 * (利用停止) admin is not an active one: it neither keeps the company going nor counts as a removal.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { bulkManipulations } from '../../db/schema.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { createMemberChecker } from './member-checker.ts';
import { rowsOf, upload, utf8, type Headers } from '../../../test/support/member-bulk.world.ts';

const LAST_ADMIN = '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** A company with one active admin (the uploader) and one deactivated admin. */
async function company() {
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  const dormant = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], status: 3 });
  const headers: Headers = (await signIn(deps, admin)).headers;
  return { admin, dormant, headers };
}

/** Checked as if its creator were gone, so the self rule does not answer first. */
async function check(headers: Headers, kind: 'bulk_edit' | 'bulk_delete', rows: string[][]) {
  const m = await upload(app, headers, kind, utf8(rows));
  await deps.database.db
    .update(bulkManipulations)
    .set({ createdBy: null })
    .where(eq(bulkManipulations.id, m.id));
  await runCheck(deps, m.id, (mm, h) => createMemberChecker(deps.database.db, mm, h));
  const { rows: checked } = await rowsOf(app, headers, m.id);
  return checked.map((r) => [r.rowNumber, r.action, r.errors]);
}

it('deleting the only active admin by CSV is refused on its row, though a deactivated admin remains', async () => {
  const { admin, headers } = await company();
  expect(await check(headers, 'bulk_delete', [['メンバーID'], [admin.id]])).toEqual([
    [2, 'error', [{ column: 'メンバーID', message: LAST_ADMIN }]],
  ]);
});

it('demoting the only active admin by CSV is refused on its row', async () => {
  const { admin, headers } = await company();
  expect(
    await check(headers, 'bulk_edit', [
      ['メンバーID', '組織管理権限'],
      [admin.id, '0'],
    ]),
  ).toEqual([[2, 'error', [{ column: '組織管理権限', message: LAST_ADMIN }]]]);
});

it('deleting or demoting a deactivated admin is no removal of an active one', async () => {
  const { dormant, headers } = await company();
  const deleted = await check(headers, 'bulk_delete', [['メールアドレス'], [dormant.email]]);
  expect(deleted).toEqual([[2, 'delete', []]]);
  const demoted = await check(headers, 'bulk_edit', [
    ['メンバーID', '組織管理権限'],
    [dormant.id, '0'],
  ]);
  expect(demoted).toEqual([[2, 'update', []]]);
});
