import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';

let deps: TestDeps;
let app: ApiApp;
let company: Awaited<ReturnType<typeof makeCompany>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let member: Awaited<ReturnType<typeof makeUser>>;
let headers: Record<string, string>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  company = await makeCompany(deps);
  admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: 'admin@example.test',
    roles: ['CompanyAdmin'],
  });
  member = await makeUser(deps, company.id, {
    name: '一般 太郎',
    email: 'member@example.test',
    status: 1,
  });
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
async function expectError(
  call: Call,
  status: number,
  error: { code: string; message: string; details?: unknown },
) {
  // Saves of a member overwrite on purpose here (If-Match: *): these are the other guards.
  const res = await app.inject({ ...call, headers: { ...headers, 'if-match': '*' } });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<unknown>()).toEqual({
    error: { ...error, requestId: res.headers['x-request-id'] },
  });
}
const invalid = (details: { path: string; message: string }[]) => ({
  code: 'validation_failed',
  message: '入力内容に誤りがあります。',
  details,
});

describe('POST /users validation, each with its exact body', () => {
  const post = (payload: object): Call => ({ method: 'POST', url: '/users', payload });

  it('email missing', () =>
    expectError(
      post({ name: 'a' }),
      400,
      invalid([{ path: 'email', message: 'メールアドレスを入力してください。' }]),
    ));
  it('email blank', () =>
    expectError(
      post({ email: '  ' }),
      400,
      invalid([
        { path: 'email', message: 'メールアドレスを入力してください。' },
        { path: 'email', message: 'メールアドレスの形式が正しくありません。' },
      ]),
    ));
  it('email syntax', () =>
    expectError(
      post({ email: 'not-an-email' }),
      400,
      invalid([{ path: 'email', message: 'メールアドレスの形式が正しくありません。' }]),
    ));
  it('email longer than 254', () =>
    expectError(
      post({ email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.jp` }),
      400,
      invalid([{ path: 'email', message: 'メールアドレスは254文字以内で入力してください。' }]),
    ));
  it('name longer than 64', () =>
    expectError(
      post({ email: 'x@example.test', name: 'あ'.repeat(65) }),
      400,
      invalid([{ path: 'name', message: '氏名は64文字以内で入力してください。' }]),
    ));
  it('organization longer than 100', () =>
    expectError(
      post({ email: 'x@example.test', organization: 'a'.repeat(101) }),
      400,
      invalid([{ path: 'organization', message: '所属は100文字以内で入力してください。' }]),
    ));
  it('unknown privilege', () =>
    expectError(
      post({ email: 'x@example.test', roles: ['Root'] }),
      400,
      invalid([{ path: 'roles.0', message: '権限の値が正しくありません。' }]),
    ));
  it('mass assignment: companyId, status, id are refused', () =>
    expectError(
      post({ email: 'x@example.test', companyId: company.id, status: 1, id: admin.id }),
      400,
      invalid([{ path: '', message: '指定できない項目が含まれています: companyId, status, id' }]),
    ));
  it('not an object', () =>
    expectError(
      post([1]),
      400,
      invalid([{ path: '', message: 'リクエストの形式が正しくありません。' }]),
    ));

  it('email already used, in any case and in any company', async () => {
    const other = await makeCompany(deps, { name: '他社' });
    await makeUser(deps, other.id, { email: 'taken@other.test' });
    const message = 'taken@other.test はすでに使われています。';
    await expectError(post({ email: 'TAKEN@Other.test' }), 409, {
      code: 'email_taken',
      message,
      details: [{ path: 'email', message }],
    });
  });
});

describe('PUT /users/{id}: guards', () => {
  it('nobody changes their own privileges', () =>
    expectError({ method: 'PUT', url: `/users/${admin.id}`, payload: { roles: [] } }, 409, {
      code: 'self_forbidden',
      message: '自分自身の権限は変更できません。',
      details: [{ path: 'roles', message: '自分自身の権限は変更できません。' }],
    }));

  it('sending one’s own unchanged privileges with a new name is fine', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/users/${admin.id}`,
      headers: { ...headers, 'if-match': '*' },
      payload: { roles: ['CompanyAdmin'], name: '管理 花子2' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('email of another member', () => {
    const message = 'admin@example.test はすでに使われています。';
    return expectError(
      { method: 'PUT', url: `/users/${member.id}`, payload: { email: 'Admin@example.test' } },
      409,
      {
        code: 'email_taken',
        message,
        details: [{ path: 'email', message }],
      },
    );
  });

  it('status cannot be set', () =>
    expectError(
      { method: 'PUT', url: `/users/${member.id}`, payload: { status: 1 } },
      400,
      invalid([{ path: '', message: '指定できない項目が含まれています: status' }]),
    ));

  it('the last company admin keeps the privilege', async () => {
    const second = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { headers: secondHeaders } = await signIn(deps, second);
    const demoteFirst = await app.inject({
      method: 'PUT',
      url: `/users/${admin.id}`,
      headers: { ...secondHeaders, 'if-match': '*' },
      payload: { roles: [] },
    });
    expect(demoteFirst.statusCode, demoteFirst.body).toBe(200);
    // `second` is now the only admin; nobody can demote or delete them (and they cannot act on themselves).
    const res = await app.inject({
      method: 'DELETE',
      url: `/users/${second.id}`,
      headers: secondHeaders,
    });
    expect(res.json<{ error: { code: string } }>().error.code).toBe('self_forbidden');
    const restore = await app.inject({
      method: 'PUT',
      url: `/users/${admin.id}`,
      headers: { ...secondHeaders, 'if-match': '*' },
      payload: { roles: ['CompanyAdmin'] },
    });
    expect(restore.statusCode).toBe(200);
  });

  it('last_admin when the only other admin would lose the privilege (concurrent demotions: one wins)', async () => {
    const company2 = await makeCompany(deps, { name: '二人会社' });
    const a = await makeUser(deps, company2.id, { roles: ['CompanyAdmin'] });
    const b = await makeUser(deps, company2.id, { roles: ['CompanyAdmin'] });
    const ha = (await signIn(deps, a)).headers;
    const hb = (await signIn(deps, b)).headers;
    const [r1, r2] = await Promise.all([
      app.inject({
        method: 'PUT',
        url: `/users/${b.id}`,
        headers: { ...ha, 'if-match': '*' },
        payload: { roles: [] },
      }),
      app.inject({
        method: 'PUT',
        url: `/users/${a.id}`,
        headers: { ...hb, 'if-match': '*' },
        payload: { roles: [] },
      }),
    ]);
    const codes = [r1, r2].map((r) => r.statusCode).sort();
    // One demotion wins; the other is refused with last_admin — or 401 when its caller was demoted first.
    expect(codes[0]).toBe(200);
    expect([401, 403, 409]).toContain(codes[1]);
    const loser = r1.statusCode === 200 ? r2 : r1;
    if (loser.statusCode === 409) {
      expect(loser.json()).toEqual({
        error: {
          code: 'last_admin',
          message: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
          requestId: loser.headers['x-request-id'],
        },
      });
    }
  });
});

describe('DELETE /users/{id}: guards', () => {
  it('nobody deletes themselves', () =>
    expectError({ method: 'DELETE', url: `/users/${admin.id}` }, 409, {
      code: 'self_forbidden',
      message: '自分自身は削除できません。',
    }));

  it('an unknown id is 404', () =>
    expectError({ method: 'DELETE', url: '/users/00000000-0000-4000-8000-000000000000' }, 404, {
      code: 'not_found',
      message: 'ご指定のデータが見つかりませんでした。',
    }));

  it('a malformed id is 404', () =>
    expectError({ method: 'GET', url: '/users/abc' }, 404, {
      code: 'not_found',
      message: 'ご指定のデータが見つかりませんでした。',
    }));
});

describe('remind_register only for invited members', () => {
  it('a registered member answers invalid_state', () =>
    expectError({ method: 'PUT', url: `/users/${member.id}/remind_register` }, 409, {
      code: 'invalid_state',
      message: 'このメンバーは登録済みのため、登録メールは再送できません。',
    }));
});

describe('GET /members query validation', () => {
  it.each([
    ['page=0', 'page', 'ページ番号は1以上、または-1（すべて）で指定してください。'],
    ['page=x', 'page', 'ページ番号は数値で指定してください。'],
    ['sort=age', 'sort', '並び順の値が正しくありません。'],
    ['role=Root', 'role', '権限の値が正しくありません。'],
    ['status=5', 'status', '状態の値が正しくありません。'],
    ['mfa=0', 'mfa', '2要素認証の値が正しくありません。'],
    [`keyword=${'a'.repeat(201)}`, 'keyword', 'キーワードは200文字以内で入力してください。'],
  ])('%s', (query, path, message) =>
    expectError({ method: 'GET', url: `/members?${query}` }, 400, invalid([{ path, message }])),
  );

  it('a group or cabinet of another company is 404', async () => {
    const other = await makeCompany(deps, { name: '別会社' });
    const { memberGroups } = await import('../../db/schema.ts');
    const [g] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: other.id, name: 'G' })
      .returning();
    await expectError({ method: 'GET', url: `/members?groupId=${g!.id}` }, 404, {
      code: 'not_found',
      message: 'ご指定のデータが見つかりませんでした。',
    });
  });
});
