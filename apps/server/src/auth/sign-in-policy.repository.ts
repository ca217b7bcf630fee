/** Reads of the company's sign-in policy for one member (the condition itself: sign-in-policy.sql.ts). */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies, ssoSettings, users } from '../db/schema.ts';
import { passwordSignInAllowed } from './sign-in-policy.sql.ts';

/** Whether the member may sign in with a password now; false for an unknown member. */
export async function selectIsPasswordAllowed(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isPasswordAllowed: passwordSignInAllowed })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.isPasswordAllowed ?? false;
}

/**
 * The member at this (normalized) address, with whether the policy lets him sign in with a password: the email
 * step's routing in one read, by the same condition as every session check.
 */
export async function selectPasswordPolicyByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ companyId: string; isPasswordAllowed: boolean } | null> {
  const [row] = await db
    .select({ companyId: users.companyId, isPasswordAllowed: passwordSignInAllowed })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** Whether the member is on his company's SSO break-glass exception list. */
export async function isOnSsoExceptionList(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ companyId: ssoSettings.companyId })
    .from(ssoSettings)
    .where(
      and(
        eq(ssoSettings.companyId, companyId),
        sql`${userId}::uuid = any(${ssoSettings.exceptionUserIds})`,
      ),
    )
    .limit(1);
  return !!row;
}
