/**
 * The alerts of the access-escalation property (issue 35: nobody is mailed a document he cannot read). At the end
 * of a sequence every document gets a 解約通知期限 ten days ahead, a company admin sets a 30-day rule on every
 * cabinet (「すべての書類」 included) with every member as a recipient, and the daily digest runs: each member's
 * mails and his 「期限が近い書類」 are read back as document ids.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiApp } from '../../src/api-app.ts';
import { queryRows } from '../../src/db/query-rows.ts';
import { runAlertDigests } from '../../src/modules/alerts/alert-digest.ts';
import { addDays, jstDay } from '../../src/modules/alerts/alert-deadlines.ts';
import type { TestDeps } from '../support/test-deps.ts';
import type { EscalationWorld } from './access-escalation.world.ts';

/** Deadlines on every document, the rules on every cabinet, then today's digests in the outbox. */
export async function runDigestsForAll(deps: TestDeps, app: ApiApp, w: EscalationWorld) {
  const deadline = addDays(jstDay(deps.clock()), 10);
  await deps.database.raw.query(
    'update documents set validity_end_notice_at = $2, auto_update = 2 where company_id = $1',
    [w.companyId, deadline],
  );
  for (const cabinetId of w.cabinetIds) {
    const res = await app.inject({
      method: 'PUT',
      url: `/cabinets/${cabinetId}/alert_settings`,
      headers: { ...w.adminHeaders, 'if-match': '*' },
      payload: {
        rules: [{ dateItem: 'validityEndNoticeAt', daysBefore: 30 }],
        memberIds: w.members.map((m) => m.id),
        groupIds: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await runAlertDigests(deps);
}

/** The documents named in member `i`'s digests (each item links to its document by id). */
export async function mailedIds(deps: TestDeps, w: EscalationWorld, i: number) {
  const mails = await queryRows<{ body: string }>(
    deps.database.db,
    sql`select body from alert_mail_outbox where company_id = ${w.companyId} and user_id = ${w.members[i]!.id}`,
  );
  return w.docIds.filter((id) => mails.some((m) => m.body.includes(`documentId=${id}`)));
}

/** The documents of member `i`'s 「期限が近い書類」. */
export async function upcomingIds(app: ApiApp, w: EscalationWorld, i: number) {
  const res = await app.inject({
    method: 'GET',
    url: '/documents_upcoming_deadlines',
    headers: w.memberHeaders[i]!,
  });
  expect(res.statusCode, res.body).toBe(200);
  return [
    ...new Set(res.json<{ items: { documentId: string }[] }>().items.map((d) => d.documentId)),
  ];
}
