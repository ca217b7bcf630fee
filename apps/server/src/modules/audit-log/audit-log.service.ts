/** Reading the audit log (docs/design.md "Audit log"): the caller's company only, newest first, keyset pages. */
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type TAuditAction,
  type TAuditChainHead,
  type TAuditEvent,
  type TFindAuditEventsFilter,
} from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './audit-log.repository.ts';
import { formatAnchor } from './audit-anchor.ts';

type Who = Pick<AuthContext, 'user'>;

/** A JST calendar day's first instant; `to` is inclusive, so the filter ends where the next day begins. */
const jstDayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000);

export function toFilter(companyId: string, q: TFindAuditEventsFilter): repo.AuditFilter {
  return {
    companyId,
    from: q.from ? jstDayStart(q.from) : undefined,
    to: q.to ? jstDayStart(q.to, 1) : undefined,
    actorId: q.actorId,
    actorEmail: q.actorEmail,
    // A list; an export requested before categories were a list stored one as a string.
    category: q.category,
    targetType: q.targetType,
    targetId: q.targetId,
    keyword: q.keyword || undefined,
  };
}

export function toAuditEvent(row: repo.AuditRow): TAuditEvent {
  return {
    id: row.id,
    seq: row.seq,
    occurredAt: row.occurredAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    action: row.action,
    actionLabel: AUDIT_ACTIONS[row.action as TAuditAction]?.label ?? row.action,
    category: row.category,
    target: { type: row.targetType, id: row.targetId, name: row.targetName },
    details: row.details as Record<string, unknown>,
  };
}

/** The page cursor: an event's number, or a row record's batch event number and place (`123.45`). */
export const formatCursor = (r: repo.PageCursor) =>
  r.pos > 0 ? `${r.seq}.${r.pos}` : String(r.seq);
export const parseCursor = (s: string): repo.PageCursor => {
  const [seq, pos] = s.split('.');
  return { seq: Number(seq), pos: Number(pos ?? 0) };
};

export async function findEvents(db: DbOrTx, who: Who, q: TFindAuditEventsFilter) {
  const rows = await repo.findEventPage(
    db,
    toFilter(who.user.companyId, q),
    AUDIT_PAGE_SIZE + 1,
    q.after === undefined ? undefined : parseCursor(q.after),
  );
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map(toAuditEvent),
    next: rows.length > AUDIT_PAGE_SIZE && last ? formatCursor(last) : null,
  };
}

/** The anchor the viewer shows: the caller's company's head (audit-anchor.ts). */
export async function getChainHead(db: DbOrTx, who: Who): Promise<TAuditChainHead | null> {
  const companyId = who.user.companyId;
  const head = await repo.findChainHead(db, companyId);
  if (!head) return null;
  return {
    seq: head.seq,
    hash: head.hash,
    occurredAt: head.occurredAt?.toISOString() ?? null,
    anchor: formatAnchor({ companyId, seq: head.seq, hash: head.hash }),
  };
}

/** Another company's event is missing, never forbidden. */
export async function getEvent(db: DbOrTx, who: Who, id: string) {
  const row = await repo.findEvent(db, who.user.companyId, id);
  if (!row) throw notFound();
  return toAuditEvent(row);
}

/**
 * The refusal says where the privilege is and how it is had (issue 33): CloudSign's rule stays (nobody grants
 * it to himself; a company admin does not read the log by default), but a company admin is not sent to ask
 * 「組織管理者」, himself.
 */
export async function auditRefusal(db: DbOrTx, companyId: string): Promise<string> {
  const holders = await repo.countAuditReaders(db, companyId);
  return (
    '監査ログを閲覧する権限がありません。監査ログは監査ログ閲覧権限を持つメンバー' +
    (holders > 0 ? `（現在${holders.toLocaleString('ja-JP')}名）` : '（現在はいません）') +
    'だけが閲覧できます。この権限は組織管理者も自分自身には付けられないため、別の組織管理者に付けてもらってください。'
  );
}
