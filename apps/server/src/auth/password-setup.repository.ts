/** Password-setup links (stored as the SHA-256 of the token): the only SQL of password_setup_tokens. */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies, passwordSetupTokens, users } from '../db/schema.ts';
import { passwordSignInAllowed } from './sign-in-policy.sql.ts';

/** The member's one live link: older ones of either kind (setup or reset) are deleted. */
export async function replaceSetupLink(
  db: DbOrTx,
  link: { id: string; userId: string; purpose: 'setup' | 'reset'; expiresAt: Date },
) {
  await db.delete(passwordSetupTokens).where(eq(passwordSetupTokens.userId, link.userId));
  await db.insert(passwordSetupTokens).values(link);
}

/** The link, its member, and whether his company's policy lets him sign in with a password now. */
export async function selectSetupLink(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      tokenId: passwordSetupTokens.id,
      usedAt: passwordSetupTokens.usedAt,
      purpose: passwordSetupTokens.purpose,
      expiresAt: passwordSetupTokens.expiresAt,
      user: users,
      isPasswordAllowed: passwordSignInAllowed,
    })
    .from(passwordSetupTokens)
    .innerJoin(users, eq(users.id, passwordSetupTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
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

/** Setup and reset links of the members; `keepTokenId` spares the link being used right now. */
export async function deleteSetupLinksOf(
  db: DbOrTx,
  userIds: readonly string[],
  keepTokenId?: string,
) {
  if (userIds.length === 0) return;
  const ofUsers = inArray(passwordSetupTokens.userId, [...userIds]);
  await db
    .delete(passwordSetupTokens)
    .where(keepTokenId ? and(ofUsers, ne(passwordSetupTokens.id, keepTokenId)) : ofUsers);
}

export async function selectCompanyNameOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? '';
}
