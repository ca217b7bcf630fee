/**
 * Offboarding: GET /users/{id}/holdings shows what a member holds, and DELETE /users/{id}?successorId= moves
 * their cabinet admin roles and documents to the successor in the deletion's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import {
  auditEvents,
  bulkManipulations,
  cabinetAdmins,
  cabinets,
  documents,
  memberGroupUsers,
  memberGroups,
  users,
} from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let companyId: string;
let otherCompanyId: string;
let adminId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  otherCompanyId = (await makeCompany(deps, { name: '他社' })).id;
  const admin = await makeUser(deps, companyId, { name: '管理 太郎', roles: ['CompanyAdmin'] });
  adminId = admin.id;
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const db = () => deps.database.db;
const makeCabinet = async (name: string, adminIds: string[]) => {
  const [c] = await db().insert(cabinets).values({ companyId, name }).returning();
  if (adminIds.length > 0)
    await db()
      .insert(cabinetAdmins)
      .values(adminIds.map((userId) => ({ cabinetId: c!.id, userId })));
  return c!;
};
const adminsOf = async (cabinetId: string) =>
  (
    await db()
      .select({ userId: cabinetAdmins.userId })
      .from(cabinetAdmins)
      .where(eq(cabinetAdmins.cabinetId, cabinetId))
  )
    .map((r) => r.userId)
    .sort();
const sendersOf = async (ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (
          await db()
            .select({ senderId: documents.senderId, senderName: documents.senderName })
            .from(documents)
            .where(eq(documents.id, id))
        )[0],
    ),
  );
const del = (id: string, successorId?: string) =>
  app.inject({
    method: 'DELETE',
    url: `/users/${id}${successorId ? `?successorId=${successorId}` : ''}`,
    headers,
  });
const exists = async (id: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

/** A member who administers two cabinets, sent two documents, is in a group and started a bulk run. */
async function holder(name: string) {
  const member = await makeUser(deps, companyId, { name });
  const shared = await makeCabinet(`${name}の共有キャビネット`, [member.id, adminId]);
  const own = await makeCabinet(`${name}のキャビネット`, [member.id]);
  const docs = [
    await makeDocument(deps, companyId, { senderId: member.id, senderName: name }),
    await makeDocument(deps, companyId, { senderId: member.id, senderName: name }),
  ];
  const [group] = await db()
    .insert(memberGroups)
    .values({ companyId, name: `${name}のグループ`, type: 0 })
    .returning();
  await db().insert(memberGroupUsers).values({ groupId: group!.id, userId: member.id });
  const [run] = await db()
    .insert(bulkManipulations)
    .values({ companyId, target: 'members', kind: 1, status: 4, createdBy: member.id })
    .returning();
  return { member, shared, own, docs, group: group!, run: run! };
}

describe('GET /users/{id}/holdings', () => {
  it('lists cabinets (with the admins who stay), groups, documents and pending runs', async () => {
    const h = await holder('保有 一郎');
    const res = await app.inject({ method: 'GET', url: `/users/${h.member.id}/holdings`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      holdings: {
        cabinets: [
          { id: h.own.id, name: '保有 一郎のキャビネット', otherAdmins: 0 },
          { id: h.shared.id, name: '保有 一郎の共有キャビネット', otherAdmins: 1 },
        ].sort((a, b) => (a.name < b.name ? -1 : 1)),
        groups: [{ id: h.group.id, name: '保有 一郎のグループ' }],
        documents: 2,
        pendingBulkRuns: [
          { id: h.run.id, target: 'members', status: 4, createdAt: h.run.createdAt.toISOString() },
        ],
        successorRequired: true,
      },
    });
  });

  it('a member holding nothing needs no successor', async () => {
    const m = await makeUser(deps, companyId);
    const res = await app.inject({ method: 'GET', url: `/users/${m.id}/holdings`, headers });
    expect(res.json()).toEqual({
      holdings: {
        cabinets: [],
        groups: [],
        documents: 0,
        pendingBulkRuns: [],
        successorRequired: false,
      },
    });
  });

  it('another company’s member is 404', async () => {
    const stranger = await makeUser(deps, otherCompanyId);
    const res = await app.inject({
      method: 'GET',
      url: `/users/${stranger.id}/holdings`,
      headers,
    });
    expectError(res, 'not_found');
  });
});

describe('DELETE /users/{id} with a successor (移管先)', () => {
  it('refuses without a successor when the member holds cabinets or documents; nothing changes', async () => {
    const h = await holder('移管 二郎');
    const res = await del(h.member.id);
    const message =
      'このメンバーはキャビネット2件の管理者、書類2件の送信者です。移管先を指定してください。';
    expectError(res, 'validation_failed', message, [{ path: 'successorId', message }]);
    expect(await exists(h.member.id)).toBe(true);
    expect(await adminsOf(h.own.id)).toEqual([h.member.id]);
  });

  it('moves cabinet admin roles and document ownership, then deletes, in one step', async () => {
    const h = await holder('移管 三郎');
    const successor = await makeUser(deps, companyId, { name: '後任 花子' });
    const res = await del(h.member.id, successor.id);
    // The answer names who took over and how much, for the console's completion message.
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        ok: true,
        transferred: {
          successor: { id: successor.id, name: '後任 花子', email: successor.email },
          cabinets: 2,
          documents: 2,
        },
      },
    ]);
    expect(await exists(h.member.id)).toBe(false);
    expect(await adminsOf(h.own.id)).toEqual([successor.id]);
    expect(await adminsOf(h.shared.id)).toEqual([adminId, successor.id].sort());
    // Ownership moves; the name the documents were sent under stays as it was.
    expect(await sendersOf(h.docs.map((d) => d.id))).toEqual([
      { senderId: successor.id, senderName: '移管 三郎' },
      { senderId: successor.id, senderName: '移管 三郎' },
    ]);
    const [event] = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, h.member.id), eq(auditEvents.action, 'member.deleted')));
    expect(event).toEqual({
      action: 'member.deleted',
      details: {
        roles: [],
        successor: { id: successor.id, name: '後任 花子', email: successor.email },
        cabinets: ['移管 三郎のキャビネット', '移管 三郎の共有キャビネット'],
        documents: 2,
      },
    });
  });

  it('a successor already admin of a cabinet stays its admin once', async () => {
    const member = await makeUser(deps, companyId);
    const successor = await makeUser(deps, companyId);
    const c = await makeCabinet('両方が管理者', [member.id, successor.id]);
    expect((await del(member.id, successor.id)).statusCode).toBe(200);
    expect(await adminsOf(c.id)).toEqual([successor.id]);
  });

  it('refuses an unknown, another company’s, deactivated or the same member as successor', async () => {
    const h = await holder('移管 四郎');
    const stranger = await makeUser(deps, otherCompanyId);
    const stopped = await makeUser(deps, companyId, { status: 3 });
    const notFound = '移管先のメンバーが見つかりません。同じ会社のメンバーを指定してください。';
    for (const [successorId, message] of [
      [crypto.randomUUID(), notFound],
      [stranger.id, notFound],
      [stopped.id, '利用停止中のメンバーは移管先にできません。'],
      [h.member.id, '削除するメンバー自身は移管先にできません。'],
    ] as const) {
      expectError(await del(h.member.id, successorId), 'validation_failed', message, [
        { path: 'successorId', message },
      ]);
    }
    const bad = await del(h.member.id, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('移管先のIDの形式が正しくありません。');
    expect(await exists(h.member.id)).toBe(true);
    expect(await sendersOf(h.docs.map((d) => d.id))).toEqual([
      { senderId: h.member.id, senderName: '移管 四郎' },
      { senderId: h.member.id, senderName: '移管 四郎' },
    ]);
  });

  it('a member holding nothing is deleted without a successor; another company’s member is 404', async () => {
    const m = await makeUser(deps, companyId);
    const res = await del(m.id);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true, transferred: null }]);
    const stranger = await makeUser(deps, otherCompanyId);
    const successor = await makeUser(deps, companyId);
    expectError(await del(stranger.id, successor.id), 'not_found');
    expect(await exists(stranger.id)).toBe(true);
  });
});
