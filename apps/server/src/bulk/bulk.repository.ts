/**
 * SQL of the generic bulk engine: the manipulations (runs). Every manipulation query is company-scoped; the
 * rows of a run are in bulk-rows.repository.ts.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { BulkStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { bulkManipulations } from '../db/schema.ts';
import type { BulkTarget, ManipulationRow } from './bulk.types.ts';

export type NewManipulation = typeof bulkManipulations.$inferInsert;
export type ManipulationPatch = Partial<Omit<NewManipulation, 'id' | 'companyId' | 'target'>>;

export async function insertManipulation(
  db: DbOrTx,
  values: NewManipulation,
): Promise<ManipulationRow> {
  const [row] = await db.insert(bulkManipulations).values(values).returning();
  return row!;
}

export async function findManipulation(
  db: DbOrTx,
  scope: { companyId: string; target: BulkTarget },
  id: string,
) {
  const [row] = await db
    .select()
    .from(bulkManipulations)
    .where(
      and(
        eq(bulkManipulations.id, id),
        eq(bulkManipulations.companyId, scope.companyId),
        eq(bulkManipulations.target, scope.target),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Jobs know only the id they were given; the row carries its company. */
export async function findManipulationById(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(bulkManipulations)
    .where(eq(bulkManipulations.id, id))
    .limit(1);
  return row ?? null;
}

export async function listManipulations(
  db: DbOrTx,
  scope: { companyId: string; target: BulkTarget },
  q: { page: number; perPage: number; kind?: number | undefined },
) {
  const where = and(
    eq(bulkManipulations.companyId, scope.companyId),
    eq(bulkManipulations.target, scope.target),
    q.kind === undefined ? undefined : eq(bulkManipulations.kind, q.kind),
  );
  const rows = await db
    .select()
    .from(bulkManipulations)
    .where(where)
    .orderBy(desc(bulkManipulations.createdAt), desc(bulkManipulations.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db.select({ n: count() }).from(bulkManipulations).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A conditional transition: applied only while the status is one of `fromStatuses`, so two racing callers
 * (a double click, a retried job) cannot both move it. Null when the status had already moved on.
 */
export async function updateManipulation(
  db: DbOrTx,
  id: string,
  patch: ManipulationPatch,
  fromStatuses?: readonly number[],
) {
  const where = fromStatuses
    ? and(
        eq(bulkManipulations.id, id),
        sql`${bulkManipulations.status} in (${sql.join(
          fromStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
    : eq(bulkManipulations.id, id);
  const [row] = await db
    .update(bulkManipulations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(where)
    .returning();
  return row ?? null;
}

export async function addProcessedRows(db: DbOrTx, id: string, n: number) {
  await db
    .update(bulkManipulations)
    .set({ processedRows: sql`${bulkManipulations.processedRows} + ${n}`, updatedAt: sql`now()` })
    .where(eq(bulkManipulations.id, id));
}

/**
 * An identical export or template still being generated: same company, target, kind, encoding and
 * parameters (jsonb equality ignores key order). A repeated request is answered with it instead of
 * queueing the same work again.
 */
export async function findGeneratingTwin(
  db: DbOrTx,
  v: {
    companyId: string;
    target: BulkTarget;
    kind: number;
    encoding: string;
    params: Record<string, unknown>;
  },
): Promise<ManipulationRow | null> {
  const [row] = await db
    .select()
    .from(bulkManipulations)
    .where(
      and(
        eq(bulkManipulations.companyId, v.companyId),
        eq(bulkManipulations.target, v.target),
        eq(bulkManipulations.kind, v.kind),
        eq(bulkManipulations.status, BulkStatus.Processing),
        eq(bulkManipulations.encoding, v.encoding),
        sql`${bulkManipulations.params} = ${JSON.stringify(v.params)}::jsonb`,
      ),
    )
    .orderBy(desc(bulkManipulations.createdAt))
    .limit(1);
  return row ?? null;
}
