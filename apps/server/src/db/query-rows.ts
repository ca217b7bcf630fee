import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Both drivers (pg, PGlite) answer raw statements with `{ rows }`; the union Db type leaves it unknown. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A PostgreSQL array literal as one parameter: `= any($1::uuid[])` with no per-element parameters. */
export const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
