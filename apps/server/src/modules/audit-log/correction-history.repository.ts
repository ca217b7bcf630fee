/** The SQL of the 訂正削除履歴: the 書類情報 changes of a period, oldest first, in keyset pages by event number. */
import { and, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditEvents,
  auditRowRecords,
  documentAttributeOptions,
  documents,
} from '../../db/schema.ts';

export type CorrectionFilter = {
  companyId: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Only these documents (a 税務調査 pack); every document when absent. */
  documentIds?: readonly string[];
  /**
   * Only the documents this subquery selects (their ids as text, e.g. a search's documents): a 税務調査 pack of
   * any size, without carrying the ids through the application.
   */
  documentIdsSql?: SQL;
};

export const CORRECTION_ACTION = 'document.attributesChanged';

/** The company's 任意の項目 by id: a change names the item by its label, never its id. */
export async function findOptionNames(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ id: documentAttributeOptions.id, name: documentAttributeOptions.name })
    .from(documentAttributeOptions)
    .where(eq(documentAttributeOptions.companyId, companyId));
  return new Map(rows.map((o) => [o.id, o.name]));
}

const where = (f: CorrectionFilter, after?: CorrectionCursor) =>
  and(
    eq(auditEvents.companyId, f.companyId),
    eq(auditEvents.category, 'document'),
    eq(auditEvents.action, CORRECTION_ACTION),
    gte(auditEvents.occurredAt, f.from),
    lt(auditEvents.occurredAt, f.to),
    f.documentIds ? inArray(auditEvents.targetId, [...f.documentIds]) : undefined,
    f.documentIdsSql ? sql`${auditEvents.targetId} in (${f.documentIdsSql})` : undefined,
    after ? gt(auditEvents.seq, after.seq) : undefined,
  );

/** The same changes made by bulk runs, kept as row records (row-records.ts). */
const rowsWhere = (f: CorrectionFilter, after?: CorrectionCursor) =>
  and(
    eq(auditRowRecords.companyId, f.companyId),
    eq(auditRowRecords.category, 'document'),
    eq(auditRowRecords.action, CORRECTION_ACTION),
    gte(auditRowRecords.occurredAt, f.from),
    lt(auditRowRecords.occurredAt, f.to),
    f.documentIds ? inArray(auditRowRecords.targetId, [...f.documentIds]) : undefined,
    f.documentIdsSql ? sql`${auditRowRecords.targetId} in (${f.documentIdsSql})` : undefined,
    after
      ? sql`(${auditRowRecords.eventSeq}, ${auditRowRecords.position}) > (${after.seq}, ${after.pos})`
      : undefined,
  );

/** The last change of the previous page: an event's number (pos 0), or a row record's batch and place. */
export type CorrectionCursor = { seq: number; pos: number };

export type CorrectionRow = {
  seq: number;
  pos: number;
  occurredAt: Date;
  actorName: string;
  actorEmail: string;
  targetId: string;
  targetName: string;
  details: unknown;
  title: string | null;
  localId: string | null;
};

/**
 * A page of changes, by hand and by bulk runs, in the order they were recorded, with the document as it is
 * now (タイトル, 管理番号); a document deleted since keeps the name its event recorded. A row record is who
 * ran its batch's event.
 */
export async function findCorrectionPage(
  db: DbOrTx,
  f: CorrectionFilter,
  limit: number,
  after?: CorrectionCursor,
): Promise<CorrectionRow[]> {
  if (f.documentIds && f.documentIds.length === 0) return [];
  const result = await db.execute(sql`
    select u.seq, u.pos, u.occurred_at, coalesce(u.actor_name, b.actor_name) as actor_name,
      coalesce(u.actor_email, b.actor_email) as actor_email, u.target_id, u.target_name, u.details,
      d.title, d.local_id
    from (
      (select ${auditEvents.seq} as seq, 0 as pos, ${auditEvents.occurredAt} as occurred_at,
        ${auditEvents.actorName} as actor_name, ${auditEvents.actorEmail} as actor_email,
        ${auditEvents.targetId} as target_id, ${auditEvents.targetName} as target_name,
        ${auditEvents.details} as details
      from ${auditEvents} where ${where(f, after)} order by ${auditEvents.seq} limit ${limit})
      union all
      (select ${auditRowRecords.eventSeq}, ${auditRowRecords.position}, ${auditRowRecords.occurredAt},
        null, null, ${auditRowRecords.targetId}, ${auditRowRecords.targetName}, ${auditRowRecords.details}
      from ${auditRowRecords} where ${rowsWhere(f, after)}
      order by ${auditRowRecords.eventSeq}, ${auditRowRecords.position} limit ${limit})
      order by seq, pos limit ${limit}) u
    left join audit_events b on u.pos > 0 and b.company_id = ${f.companyId} and b.seq = u.seq
    left join ${documents} d on d.company_id = ${f.companyId} and d.id::text = u.target_id
    order by u.seq, u.pos`);
  type Raw = {
    seq: string | number;
    pos: string | number;
    occurred_at: Date | string;
    actor_name: string | null;
    actor_email: string | null;
    target_id: string;
    target_name: string;
    details: unknown;
    title: string | null;
    local_id: string | null;
  };
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Raw[];
  return rows.map((r) => ({
    seq: Number(r.seq),
    pos: Number(r.pos),
    occurredAt: r.occurred_at instanceof Date ? r.occurred_at : new Date(r.occurred_at),
    actorName: r.actor_name ?? '',
    actorEmail: r.actor_email ?? '',
    targetId: r.target_id,
    targetName: r.target_name,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as unknown) : r.details,
    title: r.title ?? null,
    localId: r.local_id ?? null,
  }));
}

export async function countCorrections(db: DbOrTx, f: CorrectionFilter): Promise<number> {
  if (f.documentIds && f.documentIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(auditEvents)
    .where(where(f));
  const [rows] = await db
    .select({ n: sql<string>`count(*)` })
    .from(auditRowRecords)
    .where(rowsWhere(f));
  return Number(row?.n ?? 0) + Number(rows?.n ?? 0);
}
