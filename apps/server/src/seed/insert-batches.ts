import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/**
 * Multi-row inserts of `size` rows: one round trip per batch instead of per row, well under PostgreSQL's
 * 65,535 bind-parameter limit for our widest table (documents, ~25 columns × 500 = 12,500).
 */
export async function insertBatches<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}
