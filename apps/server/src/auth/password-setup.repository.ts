/** Password-setup links (stored as the SHA-256 of the token): the only SQL of password_setup_tokens. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { passwordSetupTokens, users } from '../db/schema.ts';

/** The member's one live link: older ones are deleted. */
export async function replaceSetupLink(
  db: DbOrTx,
  link: { id: string; userId: string; expiresAt: Date },
) {
  await db.delete(passwordSetupTokens).where(eq(passwordSetupTokens.userId, link.userId));
  await db.insert(passwordSetupTokens).values(link);
}

export async function selectSetupLink(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      tokenId: passwordSetupTokens.id,
      usedAt: passwordSetupTokens.usedAt,
      expiresAt: passwordSetupTokens.expiresAt,
      user: users,
    })
    .from(passwordSetupTokens)
    .innerJoin(users, eq(users.id, passwordSetupTokens.userId))
    .where(eq(passwordSetupTokens.id, id))
    .limit(1);
  return row ?? null;
}

/** Marks the link used; false when another request used it first. */
export async function markSetupLinkUsed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(passwordSetupTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordSetupTokens.id, id), isNull(passwordSetupTokens.usedAt)))
    .returning({ id: passwordSetupTokens.id });
  return used.length === 1;
}

export async function deleteSetupLinksOf(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db.delete(passwordSetupTokens).where(inArray(passwordSetupTokens.userId, [...userIds]));
}
