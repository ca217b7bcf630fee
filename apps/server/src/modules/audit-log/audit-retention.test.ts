import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { auditEvents, companies } from '../../db/schema.ts';
import { recordAuditEvent, type AuditEventInput } from './audit-log.record.ts';
import { findEventPage } from './audit-log.repository.ts';
import { pruneExpiredEvents } from './audit-retention.ts';
import { recordRowRecords } from './row-records.ts';
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

  it("a bulk batch's row records go with their event, and the kept batch's rows still verify", async () => {
    const company = await makeCompany(deps, { name: '株式会社一括' });
    const run = crypto.randomUUID();
    const batch = (iso: string, names: string[]) =>
      recordRowRecords(
        deps.database.db,
        names.map((name, i) => ({
          companyId: company.id,
          actor: { id: crypto.randomUUID(), name: '実行者', email: 'runner@example.com' },
          action: 'member.updated' as const,
          target: {
            type: 'member' as const,
            id: crypto.randomUUID(),
            name: `${name} <m${i}@example.com>`,
          },
          details: { name: { before: '旧', after: name }, bulk: { run, rowNumber: i + 2 } },
          occurredAt: new Date(iso),
        })),
      );
    await batch('2019-03-01T00:00:00Z', ['七年前 一', '七年前 二']);
    await batch('2026-11-24T00:00:00Z', ['昨日 一', '昨日 二', '昨日 三']);

    expect(await pruneExpiredEvents(deps)).toBe(1);

    expect(await remaining(company.id)).toEqual([
      [3, 'auditLog.pruned', '株式会社一括'],
      [2, 'member.updated', '昨日 三 <m2@example.com>'],
      [2, 'member.updated', '昨日 二 <m1@example.com>'],
      [2, 'member.updated', '昨日 一 <m0@example.com>'],
      [2, 'bulk.rowsRecorded', ''],
    ]);
    expect(
      await findEventPage(deps.database.db, { companyId: company.id, keyword: '七年前 一' }, 10),
    ).toEqual([]);
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 2 });
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
