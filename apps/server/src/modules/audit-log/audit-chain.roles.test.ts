/**
 * The audit chain under the roles the README documents (owner, API, worker), each statement under
 * `SET ROLE`: only the owner's functions change the chain, no session setting opens a way around them, and
 * the API's and the worker's grants are enough for their work. The roles are cluster-wide, so they are created
 * once under names of their own and granted per test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { createTestDeps, isPostgresRun, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import * as schema from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { chainEvent, companyWithEvents, sqlRows } from '../../../test/support/audit-chain.ts';
import { recordAuditEvents } from './audit-log.record.ts';
import { findEventPage } from './audit-log.repository.ts';
import { verifyChain } from './audit-verify.ts';

const API = 'cloudsign_test_api';
const WORKER = 'cloudsign_test_worker';
const REFUSED = '監査ログは追記のみです（変更・削除はできません）。';
/** What README.md "Database roles" grants each role on the audit tables. */
const GRANTS = [
  `grant select, insert on audit_events, audit_row_records to ${API}, ${WORKER}`,
  `grant select on audit_chain_heads to ${API}, ${WORKER}`,
  `grant select on companies to ${API}, ${WORKER}`,
  `grant execute on function audit_prune_expired(uuid, timestamptz) to ${WORKER}`,
];

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

const execute = <T>(text: string) => sqlRows<T>(deps, text);
/** The message a statement is refused with, or 'accepted'. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: { message?: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
  );

const head = async (companyId: string) =>
  (
    await execute<{ seq: string }>(
      `select seq from audit_chain_heads where company_id = '${companyId}'`,
    )
  ).map((r) => Number(r.seq))[0];

describe('audit chain: no session setting lets anyone, the owner included, change it', () => {
  it('the old retention switch deletes nothing, and the head moves only forward', async () => {
    const companyId = await companyWithEvents(deps, 3);
    for (const isLocal of [true, false]) {
      const deleted = deps.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('cloudsign.audit_retention', 'on', ${isLocal})`);
        await tx.execute(sql`delete from audit_events where company_id = ${companyId} and seq > 1`);
      });
      expect(await outcome(deleted), `set_config(…, ${isLocal})`).toBe(REFUSED);
    }
    for (const statement of [
      `update audit_chain_heads set seq = 1 where company_id = '${companyId}'`,
      `update audit_chain_heads set hash = 'x' where company_id = '${companyId}'`,
      `delete from audit_chain_heads where company_id = '${companyId}'`,
    ])
      expect(await outcome(execute(statement)), statement).toBe(REFUSED);
    expect(await head(companyId)).toBe(3);
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 3 });
  });
});

/** A connection of its own, under `SET ROLE` for its whole life, with the product's query layer over it. */
async function asRole(role: string) {
  const client = new pg.Client({ connectionString: deps.env.DATABASE_URL });
  await client.connect();
  await client.query(`set role ${role}`);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { client, db, end: () => client.end() };
}

// PGlite is one user in one process: it has no roles to grant or refuse anything, so what each documented role
// may do is tested on PostgreSQL only (the owner's part above runs on both).
describe.skipIf(!isPostgresRun())('audit chain under the documented roles (PostgreSQL)', () => {
  beforeAll(async () => {
    for (const role of [API, WORKER]) {
      await execute(`do $$ begin create role ${role} nologin;
        exception when duplicate_object or unique_violation then null; end $$`);
    }
    for (const grant of GRANTS) await execute(grant);
  });

  it('an audited write works under the API role with only SELECT and INSERT', async () => {
    const companyId = await companyWithEvents(deps, 1);
    const api = await asRole(API);
    try {
      await api.db.transaction((tx) =>
        recordAuditEvents(tx, [chainEvent(companyId, 2), chainEvent(companyId, 3)]),
      );
    } finally {
      await api.end();
    }
    expect(await head(companyId)).toBe(3);
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 3 });
  });

  it('the API and worker roles cannot delete or update events nor move the head, switch or not', async () => {
    const companyId = await companyWithEvents(deps, 3);
    // Even a role someone granted DELETE (the earlier guide's worker) gets nothing from the switch.
    await execute(`grant delete on audit_events to ${WORKER}`);
    try {
      for (const role of [API, WORKER]) {
        const as = await asRole(role);
        try {
          await as.client.query(`set cloudsign.audit_retention = 'on'`);
          for (const statement of [
            `delete from audit_events where company_id = '${companyId}' and seq > 1`,
            `update audit_events set target_name = 'x' where company_id = '${companyId}'`,
            `update audit_chain_heads set seq = 1 where company_id = '${companyId}'`,
            `insert into audit_chain_heads (company_id, seq, hash) values ('${crypto.randomUUID()}', 9, 'x')`,
            `truncate audit_events`,
          ]) {
            const refused = await outcome(as.client.query(statement));
            expect(refused, `${role}: ${statement}`).toMatch(
              /^permission denied|^監査ログは追記のみです/,
            );
          }
          // Nor may they call the owner's trigger function's helpers to write a head of their choosing.
          expect(
            await outcome(
              as.client.query(
                `insert into audit_retention_marks values ('${companyId}', 9, now())`,
              ),
            ),
          ).toMatch(/^permission denied/);
        } finally {
          await as.end();
        }
      }
    } finally {
      await execute(`revoke delete on audit_events from ${WORKER}`);
    }
    expect(await head(companyId)).toBe(3);
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 3 });
  });

  it('retention under the worker role deletes only what is past the cutoff, and records it', async () => {
    const company = await makeCompany(deps, { name: '株式会社保存期間' });
    await recordAuditEvents(deps.database.db, [
      chainEvent(company.id, 1, new Date('2015-01-01T00:00:00Z')),
      chainEvent(company.id, 2, new Date(Date.now() - 86_400_000)),
    ]);
    const worker = await asRole(WORKER);
    const api = await asRole(API);
    try {
      // A cutoff in the future is the database's own time at most: the recent event stays.
      const future = new Date(Date.now() + 50 * 365 * 86_400_000).toISOString();
      const call = `select audit_prune_expired('${company.id}', '${future}') as n`;
      expect(await outcome(api.client.query(call))).toMatch(/^permission denied/);
      const { rows } = await worker.client.query<{ n: string }>(call);
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await worker.end();
      await api.end();
    }
    const left = await findEventPage(deps.database.db, { companyId: company.id }, 10);
    expect(left.map((e) => [e.seq, e.action, e.targetName])).toEqual([
      [3, 'auditLog.pruned', '株式会社保存期間'],
      [2, 'cabinet.updated', 'キャビネット2'],
    ]);
    expect(left[0]!.details).toMatchObject({ retentionYears: 5, deleted: 1, lastDeletedSeq: 1 });
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 2 });
  });
});
