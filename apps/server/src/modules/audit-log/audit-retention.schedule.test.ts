import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { recordAuditEvent, type AuditEventInput } from './audit-log.record.ts';
import { findEventPage } from './audit-log.repository.ts';
import { AUDIT_RETENTION_JOB } from './audit-retention.ts';
import { auditRetentionJob } from './audit-log.jobs.ts';

const NOW = new Date('2026-11-25T00:00:00Z');
let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => NOW, worker: true });
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
const names = async (companyId: string) =>
  (await findEventPage(deps.database.db, { companyId }, 100)).map((e) => [e.action, e.targetName]);

describe('audit log retention runs by itself every day on the worker', () => {
  it('the worker registers a daily schedule of the retention job', async () => {
    const { rows } = await deps.database.raw.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [AUDIT_RETENTION_JOB],
    );
    expect(rows).toEqual([{ cron: '30 18 * * *', timezone: 'UTC' }]);
  });

  it('the scheduled job prunes each company by its own period and records it per company', async () => {
    const five = await makeCompany(deps, { name: '株式会社五年' });
    const seven = await makeCompany(deps, { name: '株式会社七年', auditRetentionYears: 7 });
    for (const c of [five, seven]) {
      await recordAuditEvent(deps.database.db, at(c.id, '2020-11-01T00:00:00Z', '六年前'));
      await recordAuditEvent(deps.database.db, at(c.id, '2026-11-01T00:00:00Z', '今月'));
    }

    // What the schedule sends at its hour: the job with no data, worked by the worker.
    await deps.jobs.send(auditRetentionJob, {});
    const deadline = Date.now() + 60_000;
    while ((await names(five.id))[0]?.[0] !== 'auditLog.pruned' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }

    expect(await names(five.id)).toEqual([
      ['auditLog.pruned', '株式会社五年'],
      ['cabinet.updated', '今月'],
    ]);
    expect(await names(seven.id)).toEqual([
      ['cabinet.updated', '今月'],
      ['cabinet.updated', '六年前'],
    ]);
  }, 90_000);
});
