import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Both drivers (pg, PGlite) answer raw statements with `{ rows }`; the union Db type leaves it unknown. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
