/** The SQL of the 訂正削除履歴: the 書類情報 changes of a period, oldest first, in keyset pages by event number. */
import { and, asc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, documents } from '../../db/schema.ts';

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

const where = (f: CorrectionFilter, afterSeq?: number) =>
  and(
    eq(auditEvents.companyId, f.companyId),
    eq(auditEvents.category, 'document'),
    eq(auditEvents.action, CORRECTION_ACTION),
    gte(auditEvents.occurredAt, f.from),
    lt(auditEvents.occurredAt, f.to),
    f.documentIds ? inArray(auditEvents.targetId, [...f.documentIds]) : undefined,
    f.documentIdsSql ? sql`${auditEvents.targetId} in (${f.documentIdsSql})` : undefined,
    afterSeq !== undefined ? gt(auditEvents.seq, afterSeq) : undefined,
  );

/**
 * A page of changes with the document as it is now (タイトル, 管理番号); a document deleted since keeps the
 * name its event recorded.
 */
export async function findCorrectionPage(
  db: DbOrTx,
  f: CorrectionFilter,
  limit: number,
  afterSeq?: number,
) {
  if (f.documentIds && f.documentIds.length === 0) return [];
  return db
    .select({
      seq: auditEvents.seq,
      occurredAt: auditEvents.occurredAt,
      actorName: auditEvents.actorName,
      actorEmail: auditEvents.actorEmail,
      targetId: auditEvents.targetId,
      targetName: auditEvents.targetName,
      details: auditEvents.details,
      title: documents.title,
      localId: documents.localId,
    })
    .from(auditEvents)
    .leftJoin(
      documents,
      and(
        eq(documents.companyId, auditEvents.companyId),
        sql`${documents.id}::text = ${auditEvents.targetId}`,
      ),
    )
    .where(where(f, afterSeq))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
}

export async function countCorrections(db: DbOrTx, f: CorrectionFilter): Promise<number> {
  if (f.documentIds && f.documentIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(auditEvents)
    .where(where(f));
  return Number(row?.n ?? 0);
}
