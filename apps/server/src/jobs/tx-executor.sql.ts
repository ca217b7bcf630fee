import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

/** What pg-boss runs its statements through (its `db` option). */
export type SqlExecutor = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
};

/**
 * pg-boss's statements inside a transaction of ours: its `$n` placeholders become drizzle parameters (so
 * PGlite's single connection, held by the transaction, is not asked for a second one).
 */
export function txExecutor(tx: DbOrTx): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) =>
          i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
        );
      return { rows: await queryRows<Record<string, unknown>>(tx, sql.join(chunks)) };
    },
  };
}
