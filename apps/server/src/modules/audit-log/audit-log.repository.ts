/** The audit log's SQL: the viewer's page (keyset, newest first) and the chain walk of audit:verify. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditChainHeads, auditEvents, users } from '../../db/schema.ts';
import { queryRows } from '../../bulk/sql.ts';

export type AuditFilter = {
  companyId: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  actorId?: string;
  /** The member who signs in with this address now: resolved to an id so the actor index answers. */
  actorEmail?: string;
  category?: string;
  targetType?: string;
  targetId?: string;
  keyword?: string;
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
    f.category ? eq(auditEvents.category, f.category) : undefined,
    ...targetConditions(f),
    // The trigram index answers the substring search over the names copied into the events.
    f.keyword ? sql`${auditEvents.targetName} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
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
 * Each event's hash recomputed by the database's own `audit_event_hash_of` (migration 0031: version 1 for
 * events written before it, version 2 since), which PostgreSQL inlines into the scan below.
 */
const EVENT_HASH_OF_E =
  sql.raw(`audit_event_hash_of(e.hash_version, e.prev_hash, e.id, e.company_id, e.seq,
    e.occurred_at, e.actor_id, e.actor_name, e.actor_email, e.ip, e.user_agent, e.request_id, e.action,
    e.category, e.target_type, e.target_id, e.target_name, e.details)`);

export type ChainBreak = { seq: number; reason: 'hash' | 'link' | 'gap' | 'head' };

/**
 * The first broken link of a company's chain. Two passes, each as cheap as it can be: every event's hash
 * recomputed in one scan that PostgreSQL splits across its parallel workers (no order is needed to find the
 * lowest edited number), then the order walked over the number index alone for gaps and for prev_hash against
 * the previous event's hash. The head row is compared with the last event (a removed tail) last. Events before
 * the oldest kept one were removed by retention. At the same number an edit is named before a gap or a link.
 */
export async function findFirstBreak(db: DbOrTx, companyId: string): Promise<ChainBreak | null> {
  // `seq + 0`: min(seq) alone would be read off the index one row at a time, hashing in a single process.
  const [edited] = await queryRows<{ seq: string | null }>(
    db,
    sql`select min(e.seq + 0) as seq from audit_events e
      where e.company_id = ${companyId} and e.hash <> ${EVENT_HASH_OF_E}`,
  );
  const [unlinked] = await queryRows<{ seq: string; reason: ChainBreak['reason'] }>(
    db,
    sql`select seq, reason from (
      select seq,
        case
          when seq <> previous_seq + 1 then 'gap'
          when prev_hash <> previous_hash then 'link'
        end as reason
      from (
        select e.seq, e.prev_hash, lag(e.seq) over w as previous_seq, lag(e.hash) over w as previous_hash
        from audit_events e where e.company_id = ${companyId}
        window w as (order by e.seq)
      ) walked
      where previous_seq is not null
    ) checked where reason is not null order by seq limit 1`,
  );
  const row =
    edited?.seq != null && (!unlinked || Number(edited.seq) <= Number(unlinked.seq))
      ? { seq: edited.seq, reason: 'hash' as const }
      : unlinked;
  if (row) return { seq: Number(row.seq), reason: row.reason };
  const [head] = await db
    .select()
    .from(auditChainHeads)
    .where(eq(auditChainHeads.companyId, companyId));
  const [last] = await db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.companyId, companyId))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  if (head && (head.seq !== (last?.seq ?? 0) || head.hash !== (last?.hash ?? '')))
    return { seq: head.seq, reason: 'head' };
  return null;
}

export async function countEvents(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from audit_events where company_id = ${companyId}`,
  );
  return Number(row?.n ?? 0);
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
