/** The audit log's SQL: the viewer's page (keyset, newest first), its filters and the chain's head. */
import {
  and,
  arrayContains,
  count,
  eq,
  gte,
  inArray,
  lt,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditChainHeads,
  auditEvents,
  auditRowRecords,
  rowRecordKeys,
  users,
} from '../../db/schema.ts';
import { searchKey } from './row-search-keys.ts';

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

/**
 * An event or a bulk run's row record (row-records.ts). A row record carries its batch event's number as
 * `seq` and its place in the batch as `pos` (an event's is 0): newest first is (occurred_at, seq, pos)
 * descending, the batch's event after its rows.
 */
export type AuditRow = Pick<typeof auditEvents.$inferSelect, keyof typeof SHOWN> & { pos: number };
/** Where the previous page ended: its last event or row record. */
export type PageCursor = { seq: number; pos: number };

/**
 * One page, newest first: the events and the row records of the filter, each arm walking its own index in
 * the page's order with the page's limit, then merged. `after` is the last of the previous page: the row
 * comparison on (occurred_at, seq[, pos]) walks the indexes from there, so the thousandth page costs what
 * the first does.
 */
export async function findEventPage(
  db: DbOrTx,
  filter: AuditFilter,
  limit: number,
  after?: number | PageCursor,
): Promise<AuditRow[]> {
  const cursor = typeof after === 'number' ? { seq: after, pos: 0 } : after;
  const at = cursor
    ? sql`(select a.occurred_at from audit_events a
        where a.company_id = ${filter.companyId} and a.seq = ${cursor.seq})`
    : undefined;
  const eventConds = filterConditions(filter);
  if (cursor && at) {
    // After a row record, its batch's own event is still to come (it sorts after its rows).
    eventConds.push(
      cursor.pos > 0
        ? sql`(${auditEvents.occurredAt}, ${auditEvents.seq}) <= (${at}, ${cursor.seq})`
        : sql`(${auditEvents.occurredAt}, ${auditEvents.seq}) < (${at}, ${cursor.seq})`,
    );
  }
  const arms: SQL[] = [
    sql`(select ${auditEvents.id} as id, ${auditEvents.seq} as seq, 0 as pos,
        ${auditEvents.occurredAt} as occurred_at, ${auditEvents.actorId} as actor_id,
        ${auditEvents.actorName} as actor_name, ${auditEvents.actorEmail} as actor_email,
        ${auditEvents.ip} as ip, ${auditEvents.userAgent} as user_agent,
        ${auditEvents.requestId} as request_id, ${auditEvents.action} as action,
        ${auditEvents.category} as category, ${auditEvents.targetType} as target_type,
        ${auditEvents.targetId} as target_id, ${auditEvents.targetName} as target_name,
        ${auditEvents.details} as details
      from ${auditEvents} where ${and(...eventConds)}
      order by ${auditEvents.occurredAt} desc nulls last, ${auditEvents.seq} desc nulls last
      limit ${limit})`,
  ];
  for (const conds of rowRecordArms(filter)) {
    if (cursor && at)
      conds.push(
        sql`(${auditRowRecords.occurredAt}, ${auditRowRecords.eventSeq}, ${auditRowRecords.position}) < (${at}, ${cursor.seq}, ${cursor.pos})`,
      );
    arms.push(sql`(select ${rowRecordId} as id, ${auditRowRecords.eventSeq} as seq,
        ${auditRowRecords.position} as pos, ${auditRowRecords.occurredAt} as occurred_at,
        ${auditRowRecords.actorId} as actor_id, null as actor_name, null as actor_email, null as ip,
        null as user_agent, null as request_id, ${auditRowRecords.action} as action,
        ${auditRowRecords.category} as category, ${auditRowRecords.targetType} as target_type,
        ${auditRowRecords.targetId} as target_id, ${auditRowRecords.targetName} as target_name,
        ${auditRowRecords.details} as details
      from ${auditRowRecords} where ${and(...conds)}
      order by ${auditRowRecords.occurredAt} desc nulls last, ${auditRowRecords.eventSeq} desc nulls last,
        ${auditRowRecords.position} desc nulls last
      limit ${limit})`);
  }
  // A row record shows who ran it and from where as its batch's event records them.
  const result = await db.execute<RawRow>(sql`
    select u.id, u.seq, u.pos, u.occurred_at, u.actor_id, u.action, u.category, u.target_type,
      u.target_id, u.target_name, u.details,
      coalesce(u.actor_name, b.actor_name) as actor_name, coalesce(u.actor_email, b.actor_email) as actor_email,
      coalesce(u.ip, b.ip) as ip, coalesce(u.user_agent, b.user_agent) as user_agent,
      coalesce(u.request_id, b.request_id) as request_id
    from (select * from (${sql.join(arms, sql` union all `)}) m
      order by m.occurred_at desc nulls last, m.seq desc nulls last, m.pos desc limit ${limit}) u
    left join audit_events b on u.pos > 0 and b.company_id = ${filter.companyId} and b.seq = u.seq
    order by u.occurred_at desc nulls last, u.seq desc nulls last, u.pos desc`);
  return rowsOf<RawRow>(result).map(toAuditRow);
}

type RawRow = {
  id: string;
  seq: string | number;
  pos: string | number;
  occurred_at: string | Date;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
  ip: string;
  user_agent: string;
  request_id: string;
  action: string;
  category: string;
  target_type: string;
  target_id: string;
  target_name: string;
  details: unknown;
};

const rowsOf = <T>(r: unknown): T[] =>
  Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []);

const toAuditRow = (r: RawRow): AuditRow => ({
  id: r.id,
  seq: Number(r.seq),
  pos: Number(r.pos),
  occurredAt: r.occurred_at instanceof Date ? r.occurred_at : new Date(r.occurred_at),
  actorId: r.actor_id,
  actorName: r.actor_name ?? '',
  actorEmail: r.actor_email ?? '',
  ip: r.ip ?? '',
  userAgent: r.user_agent ?? '',
  requestId: r.request_id ?? '',
  action: r.action,
  category: r.category,
  targetType: r.target_type,
  targetId: r.target_id,
  targetName: r.target_name,
  details: typeof r.details === 'string' ? (JSON.parse(r.details) as unknown) : r.details,
});

/**
 * A row record's id as the viewer shows it: it has none stored (every index costs each bulk row), so one is
 * derived from (company, batch event, position), shaped as a version 8 UUID.
 */
const rowRecordId = sql`(select (substr(h, 1, 12) || '8' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
  from md5(${auditRowRecords.companyId}::text || ':' || ${auditRowRecords.eventSeq} || ':' || ${auditRowRecords.position}) as h)`;

/** What a bulk run's row records can be: a member's or a document's change. */
const ROW_CATEGORIES = ['member', 'document'];

/**
 * The row records' conditions for a filter, one list per index read: none when the filter excludes them
 * (another category or target type), two for a keyword (the name or title, an exact lookup of its btree in time
 * order, and the address or 管理番号, one of the few rows the keys' GIN finds for it, sorted).
 */
function rowRecordArms(f: AuditFilter): SQL[][] {
  const categories = typeof f.category === 'string' ? [f.category] : (f.category ?? []);
  const cats = categories.filter((c) => ROW_CATEGORIES.includes(c));
  if (categories.length > 0 && cats.length === 0) return [];
  if (f.targetType && !ROW_CATEGORIES.includes(f.targetType)) return [];
  const r = auditRowRecords;
  const base: (SQL | undefined)[] = [
    eq(r.companyId, f.companyId),
    f.from ? gte(r.occurredAt, f.from) : undefined,
    f.to ? lt(r.occurredAt, f.to) : undefined,
    f.actorId ? eq(r.actorId, f.actorId) : undefined,
    f.actorEmail
      ? sql`${r.actorId} = (select u.id from users u
          where u.company_id = ${f.companyId} and lower(u.email) = ${f.actorEmail} limit 1)`
      : undefined,
    cats.length === 0
      ? undefined
      : cats.length === 1
        ? eq(r.category, cats[0]!)
        : inArray(r.category, cats),
    f.targetType ? eq(r.targetType, f.targetType) : undefined,
    f.targetId ? keyed(f.companyId, f.targetId) : undefined,
    f.targetId ? eq(r.targetId, f.targetId) : undefined,
    f.throughSeq !== undefined ? lte(r.eventSeq, f.throughSeq) : undefined,
  ];
  const defined = (xs: (SQL | undefined)[]) => xs.filter((c): c is SQL => c !== undefined);
  if (!f.keyword) return [defined(base)];
  const k = searchKey(f.keyword);
  return [
    defined([...base, eq(r.nameKey, k)]),
    defined([...base, keyed(f.companyId, k), eq(r.identKey, k), ne(r.nameKey, k)]),
  ];
}

/**
 * A row record whose address, 管理番号 or target id is `key`: the GIN index of those keys (schema rowRecordKeys,
 * the same expression), then the exact column compared by the caller.
 */
const keyed = (companyId: string, key: string) =>
  sql`${rowRecordKeys(auditRowRecords)} @> array[${`${companyId}${key}`}::text]`;

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

/** How many events and row records a filter matches (the export's progress total). */
export async function countFiltered(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(auditEvents)
    .where(and(...filterConditions(filter)));
  let n = Number(row?.n ?? 0);
  for (const conds of rowRecordArms(filter)) {
    const [r] = await db
      .select({ n: sql<string>`count(*)` })
      .from(auditRowRecords)
      .where(and(...conds));
    n += Number(r?.n ?? 0);
  }
  return n;
}

/** An event (a bulk run's row record is read in the page of its batch, which its own history also finds). */
export async function findEvent(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<AuditRow | null> {
  const [row] = await db
    .select(SHOWN)
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.id, id)));
  return row ? { ...row, pos: 0 } : null;
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
