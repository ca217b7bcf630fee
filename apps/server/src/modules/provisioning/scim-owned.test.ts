/**
 * A member the company's IdP provisions (作成元 SCIM): 氏名, メールアドレス, 所属 and the 利用状態 are read-only
 * in the console's API and in the member edit CSV, with the reason; フリガナ and 権限 stay the console's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  rowsOf,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { SCIM_OWNED_MESSAGE } from '@cloudsign/contract';

type ErrorJson = { error: { message: string; details: { path: string; message: string }[] } };

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let scimId: string;
let manualId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
  scimId = (
    await makeUser(deps, company.id, {
      name: '山田 太郎',
      email: 'scim.taro@example.test',
      organization: '営業部',
      source: 'scim',
    })
  ).id;
  manualId = (await makeUser(deps, company.id, { name: '手動 花子', email: 'hanako@example.test' }))
    .id;
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const put = (id: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: `/users/${id}`,
    headers: { ...headers, 'if-match': '*' },
    payload,
  });

describe('SCIM-owned fields through the API', { timeout: 60_000 }, () => {
  it('refuses 氏名, メールアドレス and 所属 with 400 naming each field', async () => {
    const res = await put(scimId, { name: '山田 次郎', organization: '法務部' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorJson>();
    expect(body.error.details).toEqual([
      { path: 'name', message: `氏名は${SCIM_OWNED_MESSAGE}` },
      { path: 'organization', message: `所属は${SCIM_OWNED_MESSAGE}` },
    ]);
    const email = await put(scimId, { email: 'other@example.test' });
    expect(email.statusCode).toBe(400);
    expect(email.json<ErrorJson>().error.details[0]!.path).toBe('email');
  });

  it('lets the console change what SCIM does not set, and the same values pass', async () => {
    expect((await put(scimId, { furigana: 'ヤマダ タロウ', name: '山田 太郎' })).statusCode).toBe(
      200,
    );
    expect((await put(scimId, { roles: ['CompanyApprover'] })).statusCode).toBe(200);
    // A member added by hand is unaffected.
    expect((await put(manualId, { name: '手動 次郎' })).statusCode).toBe(200);
  });

  it('refuses 利用停止 from the console', async () => {
    const res = await app.inject({ method: 'PUT', url: `/users/${scimId}/deactivate`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.message).toContain(SCIM_OWNED_MESSAGE);
  });
});

describe('SCIM-owned fields in the member edit CSV', { timeout: 180_000 }, () => {
  it('reports each changed SCIM-owned cell of the row, and passes the others', async () => {
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', '所属', 'フリガナ'],
        [scimId, '山田 三郎', '総務部', 'ヤマダ サブロウ'],
        [manualId, '手動 三郎', '総務部', ''],
      ]),
    );
    expect(m.counts).toEqual({ error: 1, update: 1 });
    const errors = (await rowsOf(app, headers, m.id, '&action=error')).rows.map((r) => r.errors);
    expect(errors).toEqual([
      [
        { column: '氏名', message: SCIM_OWNED_MESSAGE },
        { column: '所属', message: SCIM_OWNED_MESSAGE },
      ],
    ]);
    // Unchanged values of a SCIM member are no error.
    const same = await uploadAndCheck(
      app,
      headers,
      'bulk_edit',
      utf8([
        ['メンバーID', '氏名', 'フリガナ'],
        [scimId, '山田 太郎', 'ヤマダ'],
      ]),
    );
    expect(same.counts).toEqual({ update: 1 });
  });
});
