/** The signing keys table: the oldest key signs; the first instance to start creates it. */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';

export async function selectOldestKey(db: Db) {
  const [row] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  return row ?? null;
}

/** Another instance may insert its key at the same time: the oldest wins, so a conflict is not an error. */
export async function insertKey(db: Db, key: typeof signingKeys.$inferInsert) {
  await db.insert(signingKeys).values(key).onConflictDoNothing();
}
