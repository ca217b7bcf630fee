import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { memberGroups } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let systemId: string;
let groupId: string;
let memberId: string;
let foreignMemberId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const other = await makeCompany(deps, { name: '他社' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  memberId = (await makeUser(deps, company.id)).id;
  foreignMemberId = (await makeUser(deps, other.id)).id;
  ({ headers } = await signIn(deps, admin));
  const [system] = await deps.database.db
    .select()
    .from(memberGroups)
    .where(eq(memberGroups.companyId, company.id));
  systemId = system!.id;
  const [g] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId: company.id, name: '既存' })
    .returning();
  groupId = g!.id;
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
  // Not about versions: a save goes over whatever is stored (If-Match: *).
  const res = await app.inject({ ...call, headers: { 'if-match': '*', ...headers } });
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
const system = {
  code: 'system_protected',
  message: '「すべてのメンバー」はシステムが管理するグループのため、変更・削除できません。',
};
const notFound = { code: 'not_found', message: 'ご指定のデータが見つかりませんでした。' };

describe('validation, each with its exact body', () => {
  it('name missing', () =>
    expectError(
      { method: 'POST', url: '/member_groups', payload: {} },
      400,
      invalid([{ path: 'name', message: 'グループ名を入力してください。' }]),
    ));
  it('name blank', () =>
    expectError(
      { method: 'POST', url: '/member_groups', payload: { name: '   ' } },
      400,
      invalid([{ path: 'name', message: 'グループ名を入力してください。' }]),
    ));
  it('name over 100', () =>
    expectError(
      { method: 'POST', url: '/member_groups', payload: { name: 'あ'.repeat(101) } },
      400,
      invalid([{ path: 'name', message: 'グループ名は100文字以内で入力してください。' }]),
    ));
  it('note over 200', () =>
    expectError(
      { method: 'PUT', url: `/member_groups/${groupId}`, payload: { note: 'x'.repeat(201) } },
      400,
      invalid([{ path: 'note', message: '備考は200文字以内で入力してください。' }]),
    ));
  it('unknown keys', () =>
    expectError(
      { method: 'POST', url: '/member_groups', payload: { name: 'a', type: 1, companyId: 'x' } },
      400,
      invalid([{ path: '', message: '指定できない項目が含まれています: type, companyId' }]),
    ));
  it('userIds empty', () =>
    expectError(
      { method: 'POST', url: `/member_groups/${groupId}/users`, payload: { userIds: [] } },
      400,
      invalid([{ path: 'userIds', message: 'メンバーを1人以上選んでください。' }]),
    ));
  it('userIds malformed', () =>
    expectError(
      { method: 'POST', url: `/member_groups/${groupId}/users`, payload: { userIds: ['x'] } },
      400,
      invalid([{ path: 'userIds.0', message: 'メンバーIDの形式が正しくありません。' }]),
    ));
  it('userIds over 1000', () =>
    expectError(
      {
        method: 'DELETE',
        url: `/member_groups/${groupId}/users`,
        payload: { userIds: Array.from({ length: 1001 }, () => memberId) },
      },
      400,
      invalid([{ path: 'userIds', message: '一度に指定できるメンバーは1000人までです。' }]),
    ));
  it('type other than user', () =>
    expectError(
      { method: 'GET', url: '/member_groups?type=system' },
      400,
      invalid([{ path: 'type', message: '種類の値が正しくありません。' }]),
    ));
});

describe('conflicts and protection', () => {
  it('a name already used in the company', () => {
    const message = '既存 はすでに使われています。';
    return expectError({ method: 'POST', url: '/member_groups', payload: { name: '既存' } }, 409, {
      code: 'name_taken',
      message,
      details: [{ path: 'name', message }],
    });
  });
  it('the system group’s name is taken too', () => {
    const message = 'すべてのメンバー はすでに使われています。';
    return expectError(
      { method: 'PUT', url: `/member_groups/${groupId}`, payload: { name: 'すべてのメンバー' } },
      409,
      { code: 'name_taken', message, details: [{ path: 'name', message }] },
    );
  });
  it('the system group cannot be renamed', () =>
    expectError(
      { method: 'PUT', url: `/member_groups/${systemId}`, payload: { name: 'x' } },
      409,
      system,
    ));
  it('the system group cannot be deleted', () =>
    expectError({ method: 'DELETE', url: `/member_groups/${systemId}` }, 409, system));
  it('the system group takes no explicit members', () =>
    expectError(
      { method: 'POST', url: `/member_groups/${systemId}/users`, payload: { userIds: [memberId] } },
      409,
      system,
    ));
  it('a member of another company is named and nothing is added', async () => {
    await expectError(
      {
        method: 'POST',
        url: `/member_groups/${groupId}/users`,
        payload: { userIds: [memberId, foreignMemberId] },
      },
      404,
      {
        code: 'not_found',
        message: 'ご指定のメンバーが見つかりませんでした。',
        details: [{ path: 'userIds.1', message: 'メンバーが見つかりません。' }],
      },
    );
    const res = await app.inject({ method: 'GET', url: `/member_groups/${groupId}`, headers });
    expect(res.json<{ memberGroup: { memberCount: number } }>().memberGroup.memberCount).toBe(0);
  });
  it('an unknown group', () =>
    expectError(
      {
        method: 'PUT',
        url: '/member_groups/00000000-0000-4000-8000-000000000000',
        payload: { note: '' },
      },
      404,
      notFound,
    ));
});
