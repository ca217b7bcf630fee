/** The digest runs by itself each JST morning on the worker, through pg-boss, and delivers its mails. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld } from '../../../test/support/cabinets.world.ts';
import { cabinetAlertSettings } from '../../db/schema.ts';
import { ALERT_DIGEST_JOB, alertDigestJob } from './alerts.jobs.ts';

const NOW = new Date('2027-03-10T22:00:00Z');
let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps({ clock: () => NOW, worker: true });
});
afterAll(async () => {
  await deps.cleanup();
});

describe('the scheduled alert digest', () => {
  it('is scheduled at 07:00 JST (22:00 UTC)', async () => {
    const { rows } = await deps.database.raw.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [ALERT_DIGEST_JOB],
    );
    expect(rows).toEqual([{ cron: '0 22 * * *', timezone: 'UTC' }]);
  });

  it('the job queues and delivers one digest per recipient', async () => {
    const w = await makeWorld(deps);
    const doc = await makeDocument(deps, w.company.id, {
      title: '業務委託契約書',
      validityEndNoticeAt: '2027-03-31',
      cabinetIds: [w.cabinets.contracts.id],
    });
    await deps.database.db.insert(cabinetAlertSettings).values({
      cabinetId: w.cabinets.contracts.id,
      companyId: w.company.id,
      rules: [{ key: 'validityEndNoticeAt:30', dateItem: 'validityEndNoticeAt', daysBefore: 30 }],
    });
    await deps.jobs.send(alertDigestJob, {});
    const mine = () => deps.sentMails.filter((m) => m.to === w.users.cabAdmin.email);
    const deadline = Date.now() + 60_000;
    while (mine().length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe('【クラウドサイン】期限が近い書類のお知らせ（1件）');
    expect(mine()[0]!.text).toContain(doc.id);
  }, 90_000);
});
