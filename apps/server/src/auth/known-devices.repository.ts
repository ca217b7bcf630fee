/** Known devices per member (hash of the device cookie): the only SQL of known_devices. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { knownDevices } from '../db/schema.ts';

export async function isKnownDevice(db: DbOrTx, device: string, userId: string) {
  const [row] = await db
    .select({ device: knownDevices.device })
    .from(knownDevices)
    .where(and(eq(knownDevices.device, device), eq(knownDevices.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function upsertDevice(db: DbOrTx, device: string, userId: string, now: Date) {
  await db
    .insert(knownDevices)
    .values({ device, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [knownDevices.device, knownDevices.userId],
      set: { lastUsedAt: now },
    });
}

/** Forgets one device of the member (its value was replaced by a fresh one). */
export async function deleteDevice(db: DbOrTx, device: string, userId: string) {
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.device, device), eq(knownDevices.userId, userId)));
}

export async function deleteDevicesOf(
  db: DbOrTx,
  userIds: readonly string[],
  keepDevice: string | null,
) {
  const ofUsers = inArray(knownDevices.userId, [...userIds]);
  await db
    .delete(knownDevices)
    .where(keepDevice ? and(ofUsers, ne(knownDevices.device, keepDevice)) : ofUsers);
}
