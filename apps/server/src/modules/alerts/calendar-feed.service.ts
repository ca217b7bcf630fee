/**
 * A member's iCalendar feed of his deadlines (docs/design.md §2 "期限アラート"): calendar programs cannot sign
 * in, so the feed is read by a secret URL. Only the secret's SHA-256 is stored (a database leak gives no feed),
 * the URL is shown once when issued, and issuing again or revoking makes the old one answer 401.
 */
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalAlarmType } from 'ical-generator';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import * as repo from './alerts.repository.ts';
import { deadlinesFor } from './alerts.service.ts';
import { jstDay } from './alert-deadlines.ts';

export type FeedCtx = { db: DbOrTx; auth: AuthContext; clock: () => Date; apiUrl: string };

/** The feed lists each next deadline up to this many days ahead. */
export const FEED_HORIZON_DAYS = 400;
export const FEED_PATH = '/calendar_feeds/';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** 256 bits in base64url: as long and as random as a session id. */
const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;

export async function feedStatus(ctx: FeedCtx) {
  const row = await repo.findFeed(ctx.db, ctx.auth.user.companyId, ctx.auth.user.id);
  return { isIssued: Boolean(row), issuedAt: row ? row.createdAt.toISOString() : null, url: null };
}

/** A new secret URL; the previous one (if any) stops working in the same transaction. */
export async function issueFeed(ctx: FeedCtx) {
  const secret = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await repo.replaceFeed(tx, {
      companyId: ctx.auth.user.companyId,
      userId: ctx.auth.user.id,
      tokenHash: hashOf(secret),
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'auth.calendarFeedIssued',
      target: {
        type: 'member',
        id: ctx.auth.user.id,
        name: ctx.auth.user.name || ctx.auth.user.email,
      },
    });
  });
  return {
    isIssued: true,
    issuedAt: now.toISOString(),
    url: `${ctx.apiUrl}${FEED_PATH}${secret}.ics`,
  };
}

export async function revokeFeed(ctx: FeedCtx) {
  await ctx.db.transaction(async (tx) => {
    // Revoking what is not there changes nothing and records nothing.
    if (!(await repo.deleteFeed(tx, ctx.auth.user.companyId, ctx.auth.user.id))) return;
    await recordAuditEvent(tx, {
      ...auditBy(ctx.auth),
      action: 'auth.calendarFeedRevoked',
      target: {
        type: 'member',
        id: ctx.auth.user.id,
        name: ctx.auth.user.name || ctx.auth.user.email,
      },
    });
  });
  return { isIssued: false, issuedAt: null, url: null };
}

/**
 * The .ics of the member behind `file` (`<secret>.ics`), or null (unknown, revoked, or a member who may no
 * longer sign in). Each event is an all-day event on the deadline with an alarm the rule's days before.
 */
export async function feedIcs(
  deps: { db: DbOrTx; clock: () => Date; siteUrl: string },
  file: string,
): Promise<string | null> {
  const secret = file.replace(/\.ics$/, '');
  if (!SECRET_RE.test(secret)) return null;
  const member = await repo.memberOfFeed(deps.db, hashOf(secret));
  if (!member) return null;
  const today = jstDay(deps.clock());
  const auth = { isCompanyAdmin: member.isCompanyAdmin, user: member };
  const items = await deadlinesFor({ db: deps.db, auth }, today, {
    kind: 'horizon',
    days: FEED_HORIZON_DAYS,
  });
  const cal = ical({
    name: '書類の期限（クラウドサイン）',
    prodId: '//cloudsign.example//deadlines//JA',
  });
  for (const item of items) {
    const [, days] = item.ruleKey.split(':');
    const event = cal.createEvent({
      id: `${item.documentId}-${item.ruleKey}-${item.deadline}@cloudsign.example`,
      start: new Date(`${item.deadline}T00:00:00Z`),
      allDay: true,
      summary: `${item.ruleLabel.replace(/の\d+日前$/, '')}: ${item.title}`,
      description: [
        `キャビネット: ${item.cabinetName}`,
        item.counterparty ? `取引先: ${item.counterparty}` : null,
        item.isRolledForward ? '自動更新により次の期限に繰り越しています。' : null,
      ]
        .filter(Boolean)
        .join('\n'),
      url: `${deps.siteUrl}/company/documents?documentId=${item.documentId}`,
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: Number(days) * 86_400 });
  }
  return cal.toString();
}
