/**
 * The daily alert digest under a fake clock over a year (docs/design.md §2 "期限アラート"): each document once
 * per rule and deadline, 自動更新 rolled forward, the JST date boundary, a second run and a run that dies
 * midway, and nobody mailed a document he cannot read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../../test/support/cabinets.world.ts';
import { queryRows } from '../../db/query-rows.ts';
import { cabinetAlertSettings, type StoredAlertRule } from '../../db/schema.ts';
import { deliverAlertMails, runAlertDigests } from './alert-digest.ts';
import { addDays } from './alert-deadlines.ts';

let now = new Date('2026-12-01T00:00:00Z');
let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
});
afterAll(async () => {
  await deps.cleanup();
});

const rule = (dateItem: StoredAlertRule['dateItem'], daysBefore: number): StoredAlertRule => ({
  key: `${dateItem}:${daysBefore}`,
  dateItem,
  daysBefore,
});
async function setRules(
  w: World,
  cabinetId: string,
  rules: StoredAlertRule[],
  memberIds: string[] = [],
) {
  await deps.database.db
    .insert(cabinetAlertSettings)
    .values({ cabinetId, companyId: w.company.id, rules, memberIds, groupIds: [] });
}
/** 07:00 JST of a JST day. */
const morningOf = (day: string) => new Date(`${day}T07:00:00+09:00`);

type Mail = { email: string; body: string; digestDate: string };
const mailsOf = async (companyId: string) =>
  queryRows<Mail>(
    deps.database.db,
    sql`select o.recipient as email, o.body, o.digest_date::text as "digestDate"
        from alert_mail_outbox o where o.company_id = ${companyId} order by o.digest_date, o.recipient`,
  );
/** (recipient, document, deadline, rule words) as the mails list them. */
const listed = (mails: Mail[], docs: Record<string, string>) =>
  mails.flatMap((m) =>
    Object.entries(docs)
      .filter(([, id]) => m.body.includes(id))
      .map(([name]) => `${m.digestDate} ${m.email.split('-')[0]} ${name}`),
  );

describe('a year of mornings', () => {
  it('mails each document once per rule and deadline, rolls 自動更新 forward, and only what each reads', async () => {
    const w = await makeWorld(deps);
    const { contracts, hr, system } = w.cabinets;
    // 解約通知期限 2027-03-31, no renewal: one alert 30 days before.
    const notice = await makeDocument(deps, w.company.id, {
      title: '業務委託契約書',
      validityEndNoticeAt: '2027-03-31',
      autoUpdate: 2,
      cabinetIds: [contracts.id],
    });
    // 契約終了日 2027-01-31, 自動更新あり, a 12-month term: 2027-01-31 then 2028-01-31.
    const renewing = await makeDocument(deps, w.company.id, {
      title: '保守契約書',
      validityStartAt: '2026-02-01',
      validityEndAt: '2027-01-31',
      autoUpdate: 1,
      cabinetIds: [contracts.id],
    });
    // In 人事, which neither the reader nor the outsider may read.
    const secret = await makeDocument(deps, w.company.id, {
      title: '雇用契約書',
      validityEndAt: '2027-02-28',
      cabinetIds: [hr.id],
    });
    // 営業契約: its admin, plus the outsider (who reads nothing of it).
    await setRules(
      w,
      contracts.id,
      [rule('validityEndNoticeAt', 30), rule('validityEndAt', 60)],
      [w.users.outsider.id],
    );
    // すべての書類 with the reader chosen: he may read 営業契約's documents, never 人事's.
    await setRules(w, system.id, [rule('validityEndAt', 60)], [w.users.reader.id]);

    for (let day = '2026-12-01'; day <= '2027-12-31'; day = addDays(day, 1)) {
      now = morningOf(day);
      await runAlertDigests(deps);
      // The same morning again (a second worker, a retry): nothing new.
      await runAlertDigests(deps);
    }
    const docs = { notice: notice.id, renewing: renewing.id, secret: secret.id };
    const mails = await mailsOf(w.company.id);
    const got = listed(mails, docs);
    expect(got).toEqual([
      // 2027-01-31 − 60 days: the cabinet admin (営業契約) and the reader (すべての書類).
      '2026-12-02 cabadmin renewing',
      '2026-12-02 reader renewing',
      // 雇用契約書 under すべての書類's rule reaches nobody: the reader may not read 人事.
      '2027-03-01 cabadmin notice',
      // Rolled forward: 2028-01-31 − 60 days.
      '2027-12-02 cabadmin renewing',
      '2027-12-02 reader renewing',
    ]);
    expect(mails.some((m) => m.body.includes(secret.id))).toBe(false);
    expect(mails.some((m) => m.email.startsWith('outsider'))).toBe(false);
    const rolled = mails.find((m) => m.digestDate === '2027-12-02')!;
    expect(rolled.body).toContain('契約終了日の60日前（期限: 2028/01/31）');
    expect(rolled.body).toContain(
      `http://localhost:3000/company/documents?documentId=${renewing.id}`,
    );

    // Delivery hands each waiting digest to the mailer once; a second delivery finds nothing.
    const before = deps.sentMails.length;
    expect(await deliverAlertMails(deps)).toBeGreaterThanOrEqual(mails.length);
    expect(await deliverAlertMails(deps)).toBe(0);
    expect(deps.sentMails.length - before).toBeGreaterThanOrEqual(mails.length);
  }, 600_000);
});

describe('the JST date boundary', () => {
  it('an alert day begins at 00:00 JST, not at 00:00 UTC', async () => {
    const w = await makeWorld(deps);
    const doc = await makeDocument(deps, w.company.id, {
      title: '賃貸借契約書',
      validityEndNoticeAt: '2027-06-30',
      cabinetIds: [w.cabinets.contracts.id],
    });
    await setRules(w, w.cabinets.contracts.id, [rule('validityEndNoticeAt', 30)]);
    // 2027-05-31 is the alert day. 23:59 JST on 05-30 is already 05-30 14:59 UTC: not yet.
    now = new Date('2027-05-30T23:59:59+09:00');
    await runAlertDigests(deps);
    expect(await mailsOf(w.company.id)).toEqual([]);
    // 00:00 JST on 05-31 is 05-30 15:00 UTC: the UTC date is still the 30th, the alert is due.
    now = new Date('2027-05-31T00:00:00+09:00');
    await runAlertDigests(deps);
    const mails = await mailsOf(w.company.id);
    expect(mails.map((m) => [m.digestDate, m.body.includes(doc.id)])).toEqual([
      ['2027-05-31', true],
    ]);
    // The deadline day itself is the last day it could be sent; the day after, a new rule finds nothing.
    now = new Date('2027-07-01T00:00:00+09:00');
    await deps.database.db.execute(
      sql`update cabinet_alert_settings set rules = ${JSON.stringify([rule('validityEndNoticeAt', 10)])}::jsonb where cabinet_id = ${w.cabinets.contracts.id}`,
    );
    await runAlertDigests(deps);
    expect(await mailsOf(w.company.id)).toHaveLength(1);
  });
});

describe('a worker that dies mid-run, and two at once', () => {
  it('the retry mails the rest and nobody twice', async () => {
    const w = await makeWorld(deps);
    const { contracts } = w.cabinets;
    const doc = await makeDocument(deps, w.company.id, {
      title: '秘密保持契約書',
      validityEndAt: '2028-03-31',
      cabinetIds: [contracts.id],
    });
    await setRules(
      w,
      contracts.id,
      [rule('validityEndAt', 30)],
      [w.users.admin.id, w.users.reader.id],
    );
    now = morningOf('2028-03-15');
    let calls = 0;
    await expect(
      runAlertDigests(deps, {
        afterRecipient: () => {
          calls += 1;
          if (calls === 1) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await mailsOf(w.company.id)).toHaveLength(1);
    // The retry and another worker at the same time.
    await Promise.all([runAlertDigests(deps), runAlertDigests(deps)]);
    const mails = await mailsOf(w.company.id);
    expect(mails.map((m) => m.email.split('-')[0]).sort()).toEqual(['admin', 'cabadmin', 'reader']);
    expect(mails.every((m) => m.body.includes(doc.id))).toBe(true);
  });
});
