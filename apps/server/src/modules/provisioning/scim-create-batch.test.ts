/**
 * An IdP's concurrent POST /Users of one company are written together (scim-create-batch.ts), and each still
 * answers as if it had been alone: every member made with his own audit event, the chain verifiable, the
 * member count exact; a bad row answers its own SCIM error and the others are made. Two servers writing the
 * same company at once (scale-out) are shown by two apps whose batches are each their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { auditEvents, memberListStats, provisioningLog, users } from '../../db/schema.ts';
import { verifyChain } from '../audit-log/audit-verify.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeUser } from '../../../test/support/fixtures.ts';
import { companyWithToken, postScimUser } from '../../../test/support/scim.world.ts';

let deps: TestDeps;
let app: ApiApp;
/** A second server on the same database: its batches are its own, as another process's would be. */
let other: ApiApp;

beforeAll(async () => {
  // More at once than an IdP is allowed by default (the token's cap is tested in scim-admission.test.ts).
  deps = await createTestDeps({ env: { SCIM_MAX_CONCURRENT_PER_TOKEN: '100' } });
  app = await buildApiApp(deps);
  other = await buildApiApp({ ...deps, database: { ...deps.database } });
}, 180_000);
afterAll(async () => {
  await other.close();
  await app.close();
  await deps.cleanup();
});

const post = (server: ApiApp, secret: string, userName: string, externalId?: string) =>
  postScimUser(server, secret, {
    userName,
    ...(externalId ? { externalId } : {}),
    name: { familyName: '同時', givenName: userName.split('@')[0] },
  });

async function companyState(companyId: string) {
  const db = deps.database.db;
  const members = await db
    .select({ email: users.email, source: users.source })
    .from(users)
    .where(eq(users.companyId, companyId));
  const [stats] = await db
    .select({ n: memberListStats.memberCount })
    .from(memberListStats)
    .where(eq(memberListStats.companyId, companyId));
  const created = await db
    .select({ name: auditEvents.targetName, actor: auditEvents.actorName })
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, 'member.created')));
  const log = await db
    .select({ target: provisioningLog.target, status: provisioningLog.status })
    .from(provisioningLog)
    .where(and(eq(provisioningLog.companyId, companyId), eq(provisioningLog.method, 'POST')));
  return {
    scimEmails: members
      .filter((m) => m.source === 'scim')
      .map((m) => m.email)
      .sort(),
    members: members.length,
    counted: stats?.n,
    created,
    log,
    chain: await verifyChain(db, companyId),
  };
}

const emails = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}@example.test`);

describe('concurrent SCIM creates of one company', { timeout: 120_000 }, () => {
  it('50 at once: 50 members, 50 events of their own, a valid chain, an exact count', async () => {
    const { companyId, secret } = await companyWithToken(deps, app);
    const names = emails(50, 'together');
    const answers = await Promise.all(names.map((n) => post(app, secret, n)));
    expect(answers.map((r) => r.statusCode)).toEqual(names.map(() => 201));
    const bodies = answers.map((r) => r.json<{ id: string; userName: string; active: boolean }>());
    expect(bodies.map((b) => b.userName)).toEqual(names);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(50);
    // Each answer is the member as stored: reading him back gives the same resource.
    const again = await app.inject({
      method: 'GET',
      url: `/scim/v2/Users/${bodies[7]!.id}`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(again.json()).toEqual(answers[7]!.json());

    const state = await companyState(companyId);
    expect(state.scimEmails).toEqual(names);
    expect(state.counted).toBe(state.members);
    expect(state.created.map((e) => e.name).sort()).toEqual(
      names.map((n) => `同時 ${n.split('@')[0]} <${n}>`).sort(),
    );
    expect(new Set(state.created.map((e) => e.actor))).toEqual(new Set(['Entra ID 本番']));
    expect(
      state.log
        .filter((l) => l.status === 201)
        .map((l) => l.target)
        .sort(),
    ).toEqual(names);
    expect(state.chain).toMatchObject({ ok: true });
  });

  it('a taken userName among them answers its own 409; the others are made', async () => {
    const { companyId, secret } = await companyWithToken(deps, app);
    await makeUser(deps, companyId, { email: 'taken00@example.test' });
    const names = emails(30, 'taken');
    // The same new address twice in the same moment: one is made, the other is told it is taken.
    const answers = await Promise.all([
      ...names.map((n) => post(app, secret, n)),
      post(app, secret, 'taken29@example.test'),
    ]);
    expect(answers[0].statusCode).toBe(409);
    expect(answers[0].json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
      detail: 'taken00@example.test はすでに使われています。',
    });
    expect(answers.slice(1, 29).map((r) => r.statusCode)).toEqual(
      names.slice(1, 29).map(() => 201),
    );
    expect([answers[29]!.statusCode, answers[30]!.statusCode].sort()).toEqual([201, 409]);

    const state = await companyState(companyId);
    expect(state.scimEmails).toEqual(names.slice(1));
    expect(state.created).toHaveLength(29);
    expect(state.counted).toBe(state.members);
    expect(state.log.map((l) => l.status).sort()).toEqual([
      ...Array<number>(29).fill(201),
      409,
      409,
    ]);
    expect(state.chain).toMatchObject({ ok: true });
  });

  it('a row the database refuses fails alone: the others are made', async () => {
    const { companyId, secret } = await companyWithToken(deps, app);
    const db = deps.database.db;
    await db.execute(
      sql.raw(`create or replace function scim_batch_test_fail() returns trigger language plpgsql as
        $$ begin if new.external_id = 'refused' then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger scim_batch_test_fail before insert on provisioning_external_ids
        for each row execute function scim_batch_test_fail()`),
    );
    const names = emails(20, 'alone');
    try {
      const answers = await Promise.all(
        names.map((n, i) => post(app, secret, n, i === 5 ? 'refused' : `okta-${i}`)),
      );
      expect(answers[5]!.statusCode).toBe(500);
      expect(answers[5]!.json()).toMatchObject({ status: '500' });
      expect(answers.filter((_, i) => i !== 5).map((r) => r.statusCode)).toEqual(
        names.slice(1).map(() => 201),
      );
    } finally {
      await db.execute(sql.raw('drop trigger scim_batch_test_fail on provisioning_external_ids'));
    }
    const state = await companyState(companyId);
    expect(state.scimEmails).toEqual(names.filter((_, i) => i !== 5));
    expect(state.created).toHaveLength(19);
    expect(state.counted).toBe(state.members);
    expect(state.chain).toMatchObject({ ok: true });
  });

  it('two servers at once: each address made once, the others told it is taken', async () => {
    const { companyId, secret } = await companyWithToken(deps, app);
    const names = emails(40, 'scaleout');
    const both = names.slice(0, 8);
    const answers = await Promise.all([
      ...names.slice(0, 20).map((n) => post(app, secret, n)),
      ...names.slice(20).map((n) => post(other, secret, n)),
      ...both.map((n) => post(other, secret, n)),
    ]);
    const status = answers.map((r) => r.statusCode);
    expect(status.slice(8, 40)).toEqual(names.slice(8).map(() => 201));
    // Each address sent to both servers: exactly one 201 and one 409, whichever wrote first.
    for (const [i] of both.entries())
      expect([status[i], status[40 + i]].sort()).toEqual([201, 409]);

    const state = await companyState(companyId);
    expect(state.scimEmails).toEqual(names);
    expect(state.created).toHaveLength(40);
    expect(state.counted).toBe(state.members);
    expect(state.chain).toMatchObject({ ok: true });
  });
});
