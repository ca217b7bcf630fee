import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import {
  ADD_HEADER,
  execute,
  rowsOf,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { MSG_NOTHING_TO_DO } from '../bulk/bulk.service.ts';

/** Rows name their member in words; a file that changes nothing cannot be executed. */
let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let jiro: { id: string; email: string };
let otherCompanyMember: { id: string };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { name: '管理 花子', roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
  jiro = await makeUser(deps, company.id, { name: '山田 次郎', email: 'jiro@example.test' });
  otherCompanyMember = await makeUser(deps, (await makeCompany(deps)).id, { name: '他社 三郎' });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

describe('rows name their member', () => {
  it('add: the 氏名 of the file, on good and refused rows alike', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_add',
      utf8([
        ADD_HEADER,
        ['new1@example.test', '佐藤 一郎', '', '', '', '', '', '', ''],
        ['bad@example', '鈴木 花子', '', '', '', '', '', '', ''],
      ]),
    );
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows.map((r) => [r.rowNumber, r.action, r.subject])).toEqual([
      [2, 'add', '佐藤 一郎'],
      [3, 'error', '鈴木 花子'],
    ]);
  });

  it('edit: the current 氏名 of the member (not the id), the file’s for an unknown id; never another company’s', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '所属'],
        [jiro.id, '営業部'],
        [otherCompanyMember.id, '営業部'],
      ]),
    );
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows.map((r) => [r.action, r.subject])).toEqual([
      ['update', '山田 次郎'],
      ['error', null],
    ]);
  });

  it('delete: the member found by email, the email itself when none is found', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([['メールアドレス'], [jiro.email], ['nobody@example.test']]),
    );
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows.map((r) => [r.action, r.subject])).toEqual([
      ['delete', '山田 次郎'],
      ['error', 'nobody@example.test'],
    ]);
  });
});

describe('a file that changes nothing', () => {
  it('is checked as ready, and execute is refused with 変更はありません', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名'],
        [jiro.id, '山田 次郎'],
      ]),
    );
    expect(m).toMatchObject({ status: 4, counts: { unchanged: 1 } });
    expectError(await execute(app, headers, m.id), 'invalid_state', MSG_NOTHING_TO_DO);
  });
});
