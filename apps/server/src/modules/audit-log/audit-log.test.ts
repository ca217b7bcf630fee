import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent, TFindAuditEventsResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let admin: { id: string; name: string; email: string; companyId: string };
let adminHeaders: Record<string, string>;
let auditorHeaders: Record<string, string>;

const UA = 'Mozilla/5.0 (audit test)';

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
  adminHeaders = { ...(await signIn(deps, admin)).headers, 'user-agent': UA };
  auditorHeaders = (await signIn(deps, auditor)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function as<T>(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  // Not about versions: saves of versioned items overwrite on purpose (If-Match: *; ignored elsewhere).
  const res = await app.inject({
    method,
    url,
    headers: { ...headers, 'if-match': '*' },
    ...(payload ? { payload } : {}),
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<T>();
}
const asAdmin = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  as<T>(adminHeaders, method, url, payload);

/** The newest event (as the auditor reads it) of this action on this target. */
async function lastEvent(action: string, targetId: string): Promise<TAuditEvent> {
  const { events } = await as<TFindAuditEventsResponse>(
    auditorHeaders,
    'GET',
    `/audit_events?targetId=${targetId}`,
  );
  const event = events.find((e) => e.action === action);
  expect(event, `${action} on ${targetId}`).toBeDefined();
  return event!;
}

const byAdmin = () => ({ id: admin.id, name: admin.name, email: admin.email });

describe('audit log: each change records who did what to what, before → after', () => {
  it('members: create, update (privileges included), invitation resent, MFA reset, delete', async () => {
    const { user } = await asAdmin<{ user: { id: string } }>('POST', '/users', {
      email: 'audit-new@example.com',
      name: '監査 花子',
    });
    const created = await lastEvent('member.created', user.id);
    expect(created).toMatchObject({
      actor: byAdmin(),
      actionLabel: 'メンバーの追加',
      category: 'member',
      userAgent: UA,
      ip: '127.0.0.1',
      target: { type: 'member', id: user.id, name: '監査 花子 <audit-new@example.com>' },
      details: {
        name: { before: '', after: '監査 花子' },
        email: { before: '', after: 'audit-new@example.com' },
      },
    });
    expect(created.requestId).not.toBe('');

    await asAdmin('PUT', `/users/${user.id}`, { name: '監査 春子', roles: ['CompanyApprover'] });
    expect((await lastEvent('member.updated', user.id)).details).toEqual({
      name: { before: '監査 花子', after: '監査 春子' },
      roles: { before: [], after: ['CompanyApprover'] },
    });

    await asAdmin('PUT', `/users/${user.id}/remind_register`);
    await lastEvent('member.invitationResent', user.id);
    await asAdmin('DELETE', `/users/${user.id}/mfa`);
    await lastEvent('member.mfaReset', user.id);

    await asAdmin('DELETE', `/users/${user.id}`);
    expect(await lastEvent('member.deleted', user.id)).toMatchObject({
      target: { name: '監査 春子 <audit-new@example.com>' },
      details: { roles: ['CompanyApprover'] },
    });
  });

  it('an update that changes nothing records nothing', async () => {
    const { user } = await asAdmin<{ user: { id: string } }>('POST', '/users', {
      email: 'audit-same@example.com',
      name: '同じ 名前',
    });
    await asAdmin('PUT', `/users/${user.id}`, { name: '同じ 名前' });
    const { events } = await as<TFindAuditEventsResponse>(
      auditorHeaders,
      'GET',
      `/audit_events?targetId=${user.id}`,
    );
    expect(events.map((e) => e.action)).toEqual(['member.created']);
  });

  it('member groups: create, rename, members added and removed, delete', async () => {
    const member = await asAdmin<{ user: { id: string } }>('POST', '/users', {
      email: 'audit-group-member@example.com',
      name: 'グループ 員',
    });
    const { memberGroup } = await asAdmin<{ memberGroup: { id: string } }>(
      'POST',
      '/member_groups',
      { name: '経理部' },
    );
    expect((await lastEvent('memberGroup.created', memberGroup.id)).target).toEqual({
      type: 'memberGroup',
      id: memberGroup.id,
      name: '経理部',
    });
    await asAdmin('PUT', `/member_groups/${memberGroup.id}`, { name: '財務部' });
    expect((await lastEvent('memberGroup.updated', memberGroup.id)).details).toEqual({
      name: { before: '経理部', after: '財務部' },
    });
    await asAdmin('POST', `/member_groups/${memberGroup.id}/users`, {
      userIds: [member.user.id],
    });
    expect((await lastEvent('memberGroup.membersAdded', memberGroup.id)).details).toEqual({
      count: 1,
      members: [{ id: member.user.id, name: 'グループ 員' }],
    });
    await asAdmin('DELETE', `/member_groups/${memberGroup.id}/users`, {
      userIds: [member.user.id],
    });
    await lastEvent('memberGroup.membersRemoved', memberGroup.id);
    await asAdmin('DELETE', `/member_groups/${memberGroup.id}`);
    expect((await lastEvent('memberGroup.deleted', memberGroup.id)).target.name).toBe('財務部');
  });

  it('cabinets: create, rename, groups granted and revoked, admins added and removed, delete', async () => {
    const { cabinet } = await asAdmin<{ cabinet: { id: string } }>('POST', '/cabinets', {
      name: '契約書',
    });
    expect(await lastEvent('cabinet.created', cabinet.id)).toMatchObject({
      actor: byAdmin(),
      details: { name: { before: '', after: '契約書' } },
    });
    await asAdmin('PUT', `/cabinets/${cabinet.id}`, { name: '契約書2026' });
    expect((await lastEvent('cabinet.updated', cabinet.id)).details).toEqual({
      name: { before: '契約書', after: '契約書2026' },
    });
    const { memberGroup } = await asAdmin<{ memberGroup: { id: string } }>(
      'POST',
      '/member_groups',
      { name: '法務部' },
    );
    await asAdmin('PUT', `/cabinets/${cabinet.id}/member_groups`, {
      memberGroupIds: [memberGroup.id],
    });
    // Groups and members by their names at that moment (the viewer shows names, not ids).
    const legal = { id: memberGroup.id, name: '法務部' };
    expect((await lastEvent('cabinet.groupsGranted', cabinet.id)).details).toEqual({
      groups: [legal],
    });
    await asAdmin('DELETE', `/cabinets/${cabinet.id}/member_groups`, {
      memberGroupId: memberGroup.id,
    });
    expect((await lastEvent('cabinet.groupRevoked', cabinet.id)).details).toEqual({
      groups: [legal],
    });
    await asAdmin('POST', `/cabinets/${cabinet.id}/admins`, { userIds: [admin.id] });
    expect((await lastEvent('cabinet.adminsAdded', cabinet.id)).details).toEqual({
      members: [{ id: admin.id, name: admin.name }],
    });
    await asAdmin('DELETE', `/cabinets/${cabinet.id}/admins`, { userIds: [admin.id] });
    expect((await lastEvent('cabinet.adminsRemoved', cabinet.id)).details).toEqual({
      members: [{ id: admin.id, name: admin.name }],
    });
    await asAdmin('DELETE', `/cabinets/${cabinet.id}`);
    expect((await lastEvent('cabinet.deleted', cabinet.id)).target.name).toBe('契約書2026');
  });

  it('cabinets: classification rules added (with or without backfill) and removed, by group name', async () => {
    const { cabinet } = await asAdmin<{ cabinet: { id: string } }>('POST', '/cabinets', {
      name: '自動振り分け先',
    });
    const { memberGroup } = await asAdmin<{ memberGroup: { id: string } }>(
      'POST',
      '/member_groups',
      { name: '営業部' },
    );
    const sales = { id: memberGroup.id, name: '営業部' };
    await asAdmin('POST', `/cabinets/${cabinet.id}/classification_rules`, {
      memberGroupIds: [memberGroup.id],
      backfill: true,
    });
    expect(await lastEvent('cabinet.rulesAdded', cabinet.id)).toMatchObject({
      actor: byAdmin(),
      actionLabel: '自動振り分けルールの追加',
      target: { type: 'cabinet', id: cabinet.id, name: '自動振り分け先' },
      details: { groups: [sales], backfill: true },
    });
    await asAdmin('DELETE', `/cabinets/${cabinet.id}/classification_rules`, {
      memberGroupIds: [memberGroup.id],
    });
    expect((await lastEvent('cabinet.rulesRemoved', cabinet.id)).details).toEqual({
      groups: [sales],
    });
  });

  it('an admin ending a member’s sessions is recorded with the reason and the count', async () => {
    const member = await makeUser(deps, admin.companyId, { name: '退避 一郎' });
    await signIn(deps, member);
    await signIn(deps, member);
    await asAdmin('PUT', `/users/${member.id}/password_reset`);
    expect(await lastEvent('member.passwordResetSent', member.id)).toMatchObject({
      actor: byAdmin(),
      actionLabel: 'パスワード再設定メールの送信',
    });
    expect(await lastEvent('auth.sessionsRevoked', member.id)).toMatchObject({
      actor: byAdmin(),
      category: 'auth',
      target: { type: 'member', id: member.id },
      details: { reason: 'passwordReset', sessions: 2 },
    });
    // Nothing left to end: the MFA reset records itself, and no empty revocation.
    await asAdmin('DELETE', `/users/${member.id}/mfa`);
    const { events } = await as<TFindAuditEventsResponse>(
      auditorHeaders,
      'GET',
      `/audit_events?targetId=${member.id}`,
    );
    expect(events.map((e) => e.action)).toEqual([
      'member.mfaReset',
      'auth.sessionsRevoked',
      'member.passwordResetSent',
    ]);
    await signIn(deps, member);
    await asAdmin('PUT', `/users/${member.id}/deactivate`);
    expect((await lastEvent('auth.sessionsRevoked', member.id)).details).toEqual({
      reason: 'memberDeactivated',
      sessions: 1,
    });
  });

  it('a refused change records nothing (the event commits with the change or not at all)', async () => {
    const before = await as<TFindAuditEventsResponse>(auditorHeaders, 'GET', '/audit_events');
    const res = await app.inject({
      method: 'PUT',
      url: `/users/${admin.id}`,
      headers: { ...adminHeaders, 'if-match': '*' },
      payload: { roles: ['CompanyAuditor'] },
    });
    expectError(res, 'self_forbidden', '自分自身の権限は変更できません。', [
      { path: 'roles', message: '自分自身の権限は変更できません。' },
    ]);
    const after = await as<TFindAuditEventsResponse>(auditorHeaders, 'GET', '/audit_events');
    expect(after.events[0]).toEqual(before.events[0]);
  });
});
