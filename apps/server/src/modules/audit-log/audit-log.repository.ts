/** The audit log's SQL: the viewer's page (keyset, newest first), its filters and the chain's head. */
import { and, arrayContains, count, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditChainHeads, auditEvents, users } from '../../db/schema.ts';

export type AuditFilter = {
  companyId: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  actorId?: string;
  /** The member who signs in with this address now: resolved to an id so the actor index answers. */
  actorEmail?: string;
  /** This category, or any of these (an empty list: every category). */
  category?: string | readonly string[];
  targetType?: string;
  targetId?: string;
  keyword?: string;
  /** Events numbered up to this one only: an export stops at the head its anchor line names. */
  throughSeq?: number;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A document's history also finds the moves and filings of more than PER_DOCUMENT_MAX documents, recorded
 * as one event naming the cabinet with the documents' ids in its details.
 */
function targetConditions(f: AuditFilter): (SQL | undefined)[] {
  const own = and(
    f.targetType ? eq(auditEvents.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditEvents.targetId, f.targetId) : undefined,
  );
  if (!f.targetId || (f.targetType && f.targetType !== 'document')) return [own];
  return [
    sql`(${own} or (${auditEvents.targetType} = 'cabinet' and ${auditEvents.category} = 'document'
      and ${auditEvents.details} -> 'documentIds' @> jsonb_build_array(${f.targetId}::text)))`,
  ];
}

function categoryCondition(c: AuditFilter['category']): SQL | undefined {
  const list = typeof c === 'string' ? [c] : (c ?? []);
  if (list.length === 0) return undefined;
  return list.length === 1
    ? eq(auditEvents.category, list[0]!)
    : inArray(auditEvents.category, [...list]);
}

export function filterConditions(f: AuditFilter): SQL[] {
  const conds: (SQL | undefined)[] = [
    eq(auditEvents.companyId, f.companyId),
    f.from ? gte(auditEvents.occurredAt, f.from) : undefined,
    f.to ? lt(auditEvents.occurredAt, f.to) : undefined,
    f.actorId ? eq(auditEvents.actorId, f.actorId) : undefined,
    f.actorEmail
      ? sql`${auditEvents.actorId} = (select u.id from users u
          where u.company_id = ${f.companyId} and lower(u.email) = ${f.actorEmail} limit 1)`
      : undefined,
    categoryCondition(f.category),
    ...targetConditions(f),
    // The trigram index answers the substring search over the names copied into the events.
    f.keyword ? sql`${auditEvents.targetName} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
    f.throughSeq !== undefined ? lte(auditEvents.seq, f.throughSeq) : undefined,
  ];
  return conds.filter((c): c is SQL => c !== undefined);
}

/**
 * What the viewer and the export show of an event; the chain's own columns (hashes, version) stay in the
 * database. A page of the export reads 5,000 rows: two 64-character hashes each cost it a tenth of its time.
 */
const SHOWN = {
  id: auditEvents.id,
  seq: auditEvents.seq,
  occurredAt: auditEvents.occurredAt,
  actorId: auditEvents.actorId,
  actorName: auditEvents.actorName,
  actorEmail: auditEvents.actorEmail,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  requestId: auditEvents.requestId,
  action: auditEvents.action,
  category: auditEvents.category,
  targetType: auditEvents.targetType,
  targetId: auditEvents.targetId,
  targetName: auditEvents.targetName,
  details: auditEvents.details,
};

export type AuditRow = Pick<typeof auditEvents.$inferSelect, keyof typeof SHOWN>;

/**
 * One page, newest first. `afterSeq` is the last event of the previous page: the row comparison on
 * (occurred_at, seq) walks the index from there, so the thousandth page costs what the first does.
 */
export async function findEventPage(
  db: DbOrTx,
  filter: AuditFilter,
  limit: number,
  afterSeq?: number,
): Promise<AuditRow[]> {
  const conds = filterConditions(filter);
  if (afterSeq !== undefined) {
    conds.push(sql`(${auditEvents.occurredAt}, ${auditEvents.seq}) < (
      select a.occurred_at, a.seq from audit_events a
      where a.company_id = ${filter.companyId} and a.seq = ${afterSeq})`);
  }
  return db
    .select(SHOWN)
    .from(auditEvents)
    .where(and(...conds))
    .orderBy(
      sql`${auditEvents.occurredAt} desc nulls last`,
      sql`${auditEvents.seq} desc nulls last`,
    )
    .limit(limit);
}

/**
 * The company's head (its newest event's number and hash, with that event's time): the anchor the viewer
 * shows and every export ends with. Null before the first event.
 */
export type ChainHeadRow = { seq: number; hash: string; occurredAt: Date | null };
export async function findChainHead(db: DbOrTx, companyId: string): Promise<ChainHeadRow | null> {
  const [head] = await db
    .select({
      seq: auditChainHeads.seq,
      hash: auditChainHeads.hash,
      occurredAt: auditEvents.occurredAt,
    })
    .from(auditChainHeads)
    .leftJoin(
      auditEvents,
      and(
        eq(auditEvents.companyId, auditChainHeads.companyId),
        eq(auditEvents.seq, auditChainHeads.seq),
      ),
    )
    .where(eq(auditChainHeads.companyId, companyId));
  return head && head.seq > 0 ? head : null;
}

/** How many events a filter matches (the export's progress total). */
export async function countFiltered(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(auditEvents)
    .where(and(...filterConditions(filter)));
  return Number(row?.n ?? 0);
}

export async function findEvent(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.id, id)));
  return row ?? null;
}

/** A member's name and address as they are now (a job recording for the member who started it). */
/** A member as an event names them, with their company (events of a member acting on their own account). */
export async function findMemberAccount(db: DbOrTx, id: string) {
  const [u] = await db
    .select({ id: users.id, companyId: users.companyId, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return u ?? null;
}

export async function findMemberIdentity(db: DbOrTx, id: string) {
  const [u] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return u ?? null;
}

/** How many of the company's members hold 監査ログ閲覧権限 (the refusal names them for whoever lacks it). */
export async function countAuditReaders(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), arrayContains(users.roles, ['CompanyAuditor'])));
  return row?.n ?? 0;
}
