/**
 * The company's sign-in policy for one member (docs/design.md "Single sign-on"): while the company requires
 * SSO, a password (reset mail, reset link, password login) is only for its break-glass exceptions, and only
 * while they are company admins. Sessions are checked by the same condition (sign-in-policy.sql.ts).
 */
import type { DbOrTx } from '../db/client.ts';
import { selectPasswordPolicy } from './sign-in-policy.repository.ts';

/** Said wherever a password sign-in (or a way to one) is refused for the company's SSO requirement. */
export const SSO_REQUIRED =
  'この組織ではシングルサインオン（SSO）でのログインが必要なため、パスワードではログインできません。組織の IdP からログインしてください。';

export async function isPasswordSignInAllowed(db: DbOrTx, userId: string): Promise<boolean> {
  return (await selectPasswordPolicy(db, userId))?.isPasswordAllowed ?? false;
}
