import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Both drivers (pg, PGlite) answer raw statements with `{ rows }`; the union Db type leaves it unknown. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL's unique_violation, whichever driver or wrapper raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
