/**
 * Leavers from provisioning: `applyProvisioningDeactivation` puts the member in 利用停止 with the hand-over by
 * the company's rule, the brake holds the deactivations past its number within an hour for an admin's
 * 「適用する」/「取り消す」, and the settings save is versioned and checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { auditEvents, cabinetAdmins, cabinets, documents, users } from '../../db/schema.ts';
import { applyProvisioningDeactivation, dropQueuedDeactivation } from './leavers.service.ts';
import { BRAKE_ENGAGED_SUBJECT } from './leavers-mail.ts';

type ErrorJson = { error: { message: string } };

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let memberHeaders: Record<string, string>;
let companyId: string;
let adminId: string;
const token = { id: crypto.randomUUID(), name: 'Entra ID 本番' };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { name: '管理 太郎', roles: ['CompanyAdmin'] });
  adminId = admin.id;
  ({ headers } = await signIn(deps, admin));
  const plain = await makeUser(deps, companyId, { name: '一般 花子' });
  ({ headers: memberHeaders } = await signIn(deps, plain));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const db = () => deps.database.db;
const makeCabinet = async (name: string, adminIds: string[]) => {
  const [c] = await db().insert(cabinets).values({ companyId, name }).returning();
  await db()
    .insert(cabinetAdmins)
    .values(adminIds.map((userId) => ({ cabinetId: c!.id, userId })));
  return c!;
};
const adminsOf = async (cabinetId: string) =>
  (await db().select().from(cabinetAdmins).where(eq(cabinetAdmins.cabinetId, cabinetId)))
    .map((r) => r.userId)
    .sort();
const senderOf = async (id: string) =>
  (await db().select().from(documents).where(eq(documents.id, id)))[0]!.senderId;
const statusOf = async (id: string) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!.status;
const deactivate = (memberId: string) =>
  applyProvisioningDeactivation(deps, { companyId, memberId, actor: token });
const settings = async () =>
  (await app.inject({ method: 'GET', url: '/company/provisioning/leavers', headers })).json<{
    settings: { version: number };
  }>().settings;
const save = async (body: Record<string, unknown>, version?: number) =>
  app.inject({
    method: 'PUT',
    url: '/company/provisioning/leavers',
    headers: { ...headers, 'if-match': `"${version ?? (await settings()).version}"` },
    payload: body,
  });
const deactivatedEvent = async (memberId: string) =>
  (
    await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.deactivated'), eq(auditEvents.targetId, memberId)))
  )[0];

describe('hand-over by the rule', () => {
  it('「キャビネットのほかの管理者」: a co-admin takes the cabinet he held alone and his documents', async () => {
    const leaver = await makeUser(deps, companyId, { name: '退職 一郎' });
    const coAdmin = await makeUser(deps, companyId, { name: '同僚 次郎' });
    const alone = await makeCabinet('一郎だけのキャビネット', [leaver.id]);
    const shared = await makeCabinet('共同のキャビネット', [leaver.id, coAdmin.id]);
    const doc = await makeDocument(deps, companyId, { senderId: leaver.id });

    expect(await deactivate(leaver.id)).toMatchObject({
      state: 'applied',
      successor: { id: coAdmin.id },
    });
    expect(await statusOf(leaver.id)).toBe(3);
    expect(await adminsOf(alone.id)).toEqual([leaver.id, coAdmin.id].sort());
    expect(await adminsOf(shared.id)).toEqual([leaver.id, coAdmin.id].sort());
    expect(await senderOf(doc.id)).toBe(coAdmin.id);
    const event = await deactivatedEvent(leaver.id);
    expect(event).toMatchObject({ actorName: token.name, actorId: token.id });
    expect(event!.details).toMatchObject({
      successor: { id: coAdmin.id },
      successorRule: 'cabinetAdmins',
      documents: 1,
      source: 'SCIM',
    });
    // Asked again: nothing changes, nothing fails (an IdP repeats itself).
    expect(await deactivate(leaver.id)).toEqual({ state: 'unchanged' });
  });

  it('「指定したメンバー」: the named admin takes everything; without a co-admin the named admin too', async () => {
    const fallback = await makeUser(deps, companyId, {
      name: '後任 三郎',
      roles: ['CompanyAdmin'],
    });
    const coAdmin = await makeUser(deps, companyId, { name: '同僚 四郎' });
    expect(
      (
        await save({
          successorRule: 'fallback',
          fallbackMemberId: fallback.id,
          brakeThreshold: null,
        })
      ).statusCode,
    ).toBe(200);
    const leaver = await makeUser(deps, companyId, { name: '退職 五郎' });
    const shared = await makeCabinet('五郎と四郎のキャビネット', [leaver.id, coAdmin.id]);
    const doc = await makeDocument(deps, companyId, { senderId: leaver.id });
    expect(await deactivate(leaver.id)).toMatchObject({ successor: { id: fallback.id } });
    expect(await adminsOf(shared.id)).toContain(fallback.id);
    expect(await senderOf(doc.id)).toBe(fallback.id);

    // Back to the co-admin rule: a leaver with no co-admin goes to the named member as well.
    expect(
      (
        await save({
          successorRule: 'cabinetAdmins',
          fallbackMemberId: fallback.id,
          brakeThreshold: null,
        })
      ).statusCode,
    ).toBe(200);
    const lone = await makeUser(deps, companyId, { name: '退職 六郎' });
    const cab = await makeCabinet('六郎のキャビネット', [lone.id]);
    expect(await deactivate(lone.id)).toMatchObject({ successor: { id: fallback.id } });
    expect(await adminsOf(cab.id)).toEqual([lone.id, fallback.id].sort());
  });

  it('a member holding nothing is only deactivated; reactivation restores access', async () => {
    const leaver = await makeUser(deps, companyId, { name: '退職 七郎', passwordHash: 'x' });
    const cab = await makeCabinet('七郎と管理者のキャビネット', [leaver.id, adminId]);
    expect(await deactivate(leaver.id)).toMatchObject({ state: 'applied', successor: null });
    const res = await app.inject({ method: 'PUT', url: `/users/${leaver.id}/restore`, headers });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(leaver.id)).toBe(1);
    expect(await adminsOf(cab.id)).toContain(leaver.id);
  });

  it('the last company admin is never deactivated', async () => {
    const other = (await makeCompany(deps, { name: '一人管理の会社' })).id;
    const only = await makeUser(deps, other, { roles: ['CompanyAdmin'] });
    await expect(
      applyProvisioningDeactivation(deps, { companyId: other, memberId: only.id, actor: token }),
    ).rejects.toMatchObject({ code: 'last_admin' });
    // Another company's member is unknown here.
    await expect(
      applyProvisioningDeactivation(deps, { companyId, memberId: only.id, actor: token }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the settings', () => {
  it('refuses a named member without 組織管理権限, a stale version, and non-admins', async () => {
    const plain = await makeUser(deps, companyId, { name: '一般 八郎' });
    const res = await save({
      successorRule: 'fallback',
      fallbackMemberId: plain.id,
      brakeThreshold: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorJson>().error.message).toContain('組織管理権限');
    const { version } = await settings();
    expect(
      (
        await save(
          { successorRule: 'cabinetAdmins', fallbackMemberId: null, brakeThreshold: 0 },
          version,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await save(
          { successorRule: 'cabinetAdmins', fallbackMemberId: null, brakeThreshold: 10 },
          version - 1,
        )
      ).statusCode,
    ).toBe(409);
    const forbidden = await app.inject({
      method: 'GET',
      url: '/company/provisioning/deactivations',
      headers: memberHeaders,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ErrorJson>().error.message).toContain('組織管理権限');
  });
});

describe('the brake', () => {
  it('holds the deactivation past N within an hour; apply and cancel decide the queue', async () => {
    const brakeCo = (await makeCompany(deps, { name: 'ブレーキの会社' })).id;
    const admin = await makeUser(deps, brakeCo, { name: '管理 九郎', roles: ['CompanyAdmin'] });
    const h = (await signIn(deps, admin)).headers;
    const get = async () =>
      (await app.inject({ method: 'GET', url: '/company/provisioning/leavers', headers: h })).json<{
        settings: { version: number; effectiveThreshold: number };
      }>().settings;
    // Default: 50 or 5% of the members, whichever is larger.
    expect((await get()).effectiveThreshold).toBe(50);
    const put = await app.inject({
      method: 'PUT',
      url: '/company/provisioning/leavers',
      headers: { ...h, 'if-match': `"${(await get()).version}"` },
      payload: { successorRule: 'cabinetAdmins', fallbackMemberId: null, brakeThreshold: 3 },
    });
    expect(put.statusCode).toBe(200);
    const people = [];
    for (let i = 0; i < 6; i += 1)
      people.push(await makeUser(deps, brakeCo, { name: `対象 ${i}` }));
    const run = (id: string) =>
      applyProvisioningDeactivation(deps, { companyId: brakeCo, memberId: id, actor: token });
    for (const p of people.slice(0, 3)) expect((await run(p.id)).state).toBe('applied');
    // N+1: held, and the member is still 有効.
    expect((await run(people[3]!.id)).state).toBe('queued');
    expect(await statusOf(people[3]!.id)).toBe(1);
    expect((await run(people[4]!.id)).state).toBe('queued');
    expect((await run(people[5]!.id)).state).toBe('queued');
    expect((await run(people[5]!.id)).state).toBe('unchanged');

    const queue = (
      await app.inject({ method: 'GET', url: '/company/provisioning/deactivations', headers: h })
    ).json<{ queue: { queued: { id: string; member: { id: string }; tokenName: string }[] } }>()
      .queue;
    expect(queue.queued.map((q) => q.member.id)).toEqual(people.slice(3).map((p) => p.id));
    expect(queue.queued[0]!.tokenName).toBe(token.name);

    // The admins are mailed once, however many are held.
    await expect
      .poll(() => deps.sentMails.filter((m) => m.subject === BRAKE_ENGAGED_SUBJECT).length, {
        timeout: 15_000,
      })
      .toBe(1);
    expect(deps.sentMails.find((m) => m.subject === BRAKE_ENGAGED_SUBJECT)!.to).toBe(admin.email);

    // 適用する one row.
    const applied = await app.inject({
      method: 'POST',
      url: '/company/provisioning/deactivations/apply',
      headers: h,
      payload: { ids: [queue.queued[0]!.id] },
    });
    expect(applied.json()).toEqual({ count: 1 });
    expect(await statusOf(people[3]!.id)).toBe(3);
    // Reactivated by the IdP before anyone decided: the held row goes away.
    expect(
      await dropQueuedDeactivation(deps, { companyId: brakeCo, memberId: people[4]!.id }),
    ).toBe(true);
    // 取り消す all that are left.
    const cancelled = await app.inject({
      method: 'POST',
      url: '/company/provisioning/deactivations/cancel',
      headers: h,
      payload: { all: true },
    });
    expect(cancelled.json()).toEqual({ count: 1 });
    expect(await statusOf(people[5]!.id)).toBe(1);
    const after = (
      await app.inject({ method: 'GET', url: '/company/provisioning/deactivations', headers: h })
    ).json<{ queue: { queued: unknown[] } }>().queue;
    expect(after.queued).toEqual([]);
    const actions = (
      await db().select().from(auditEvents).where(eq(auditEvents.companyId, brakeCo))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'provisioning.deactivationQueued',
        'provisioning.deactivationsApplied',
        'provisioning.deactivationsCancelled',
        'provisioning.leaverSettingsChanged',
      ]),
    );
    // Another company's row id is unknown here.
    const foreign = await app.inject({
      method: 'POST',
      url: '/company/provisioning/deactivations/apply',
      headers,
      payload: { ids: [queue.queued[2]!.id] },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
