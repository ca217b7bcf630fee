import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { auditEvents, companies } from '../../db/schema.ts';
import { recordAuditEvent, type AuditEventInput } from './audit-log.record.ts';
import { findEventPage } from './audit-log.repository.ts';
import { pruneExpiredEvents } from './audit-retention.ts';
import { verifyChain } from './audit-verify.ts';

const NOW = new Date('2026-11-25T00:00:00Z');
let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => NOW });
});
afterAll(async () => {
  await deps.cleanup();
});

const at = (companyId: string, iso: string, name: string): AuditEventInput => ({
  companyId,
  actor: { id: crypto.randomUUID(), name: '操作者', email: 'actor@example.com' },
  action: 'cabinet.updated',
  target: { type: 'cabinet', id: crypto.randomUUID(), name },
  occurredAt: new Date(iso),
});
const record = async (e: AuditEventInput) => recordAuditEvent(deps.database.db, e);
const remaining = async (companyId: string) =>
  (await findEventPage(deps.database.db, { companyId }, 100)).map((e) => [
    e.seq,
    e.action,
    e.targetName,
  ]);

describe('audit log retention: only the job deletes, only what is past the period, and says so', () => {
  it('deletes the events before the first one inside 5 years; the rest still verifies', async () => {
    const company = await makeCompany(deps, { name: '株式会社保存' });
    await record(at(company.id, '2019-03-01T00:00:00Z', '七年前'));
    await record(at(company.id, '2021-11-24T00:00:00Z', '五年と一日前'));
    await record(at(company.id, '2021-11-26T00:00:00Z', '五年より新しい'));
    // Recorded late with an old time: kept with its neighbours, so the chain is never cut in the middle.
    await record(at(company.id, '2018-01-01T00:00:00Z', '後から記録された古い時刻'));
    await record(at(company.id, '2026-11-24T00:00:00Z', '昨日'));

    expect(await pruneExpiredEvents(deps)).toBe(2);

    const rows = await remaining(company.id);
    expect(rows).toEqual([
      [6, 'auditLog.pruned', '株式会社保存'],
      [5, 'cabinet.updated', '昨日'],
      [3, 'cabinet.updated', '五年より新しい'],
      [4, 'cabinet.updated', '後から記録された古い時刻'],
    ]);
    const [pruned] = await findEventPage(deps.database.db, { companyId: company.id }, 1);
    const [third] = await deps.database.db
      .select({ prevHash: auditEvents.prevHash })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, company.id), eq(auditEvents.seq, 3)));
    expect(pruned!.actorId).toBeNull();
    expect(pruned!.details).toEqual({
      retentionYears: 5,
      before: '2021-11-25T00:00:00.000Z',
      deleted: 2,
      lastDeletedSeq: 2,
      firstKept: { seq: 3, prevHash: third!.prevHash },
    });
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 4 });
    // Nothing more is past the period: a second run deletes nothing and records nothing.
    expect(await pruneExpiredEvents(deps)).toBe(0);
    expect(await remaining(company.id)).toHaveLength(4);
  });

  it('a company keeping 7 years keeps a 6-year-old event; fewer than 5 years cannot be stored', async () => {
    const company = await makeCompany(deps, { auditRetentionYears: 7 });
    await record(at(company.id, '2020-11-01T00:00:00Z', '六年前'));
    expect(await pruneExpiredEvents(deps)).toBe(0);
    expect(await remaining(company.id)).toEqual([[1, 'cabinet.updated', '六年前']]);
    await expect(
      deps.database.db
        .update(companies)
        .set({ auditRetentionYears: 4 })
        .where(eq(companies.id, company.id)),
    ).rejects.toThrow();
  });

  it('outside the job the database still refuses to delete old events', async () => {
    const company = await makeCompany(deps);
    await record(at(company.id, '2010-01-01T00:00:00Z', '古い'));
    await expect(
      deps.database.db.execute(sql`delete from audit_events where company_id = ${company.id}`),
    ).rejects.toThrow();
    expect(await remaining(company.id)).toHaveLength(1);
  });
});
