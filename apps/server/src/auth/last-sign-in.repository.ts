/**
 * 最終ログイン日時 (users.last_sign_in_at): written once when a sign-in completes (password, SSO, the second
 * factor or the new password that finishes it), in the transaction that records auth.signIn. Never per request:
 * a sign-in must not cost a write on every page (docs/decisions.md).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';

export async function recordLastSignIn(db: DbOrTx, userId: string, at: Date) {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}
