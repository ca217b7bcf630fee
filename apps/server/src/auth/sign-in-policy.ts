/**
 * The company's sign-in policy for one member (docs/design.md "Single sign-on"): while the company requires
 * SSO, a password (reset mail, reset link, password login) is only for its break-glass exceptions, and only
 * while they are company admins. Sessions are checked by the same condition (sign-in-policy.sql.ts).
 */
import type { DbOrTx } from '../db/client.ts';
import { selectIsPasswordAllowed } from './sign-in-policy.repository.ts';

/** Said wherever a password sign-in (or a way to one) is refused for the company's SSO requirement. */
export const SSO_REQUIRED =
  'この組織ではシングルサインオン（SSO）でのログインが必要なため、パスワードではログインできません。組織の IdP からログインしてください。';

export const isPasswordSignInAllowed = (db: DbOrTx, userId: string): Promise<boolean> =>
  selectIsPasswordAllowed(db, userId);

/**
 * An exception is granted to company admins only (checked when the list is saved). A demotion would leave a
 * password sign-in on a member without the privilege that justified it, so it is refused while he is listed
 * (sign-in checks the role too, for demotions by other paths such as a CSV run). The admin takes him off the
 * list first: a deliberate SSO change, recorded there, rather than a silent side effect of a role edit.
 */
export const EXCEPTION_DEMOTION =
  'このメンバーは SSO の例外（SSO が有効な間もパスワードでログインできる管理者）に指定されているため、組織管理権限を外せません。先に SSO 設定の例外から外してください。';
