/**
 * The company's sign-in policy as one SQL condition, shared by every query that decides whether a password
 * (non-SSO) session may exist: while the company requires SSO (companies.is_enabled_federated_identity),
 * only its break-glass exceptions sign in with a password, and an exception counts only while the member is
 * still a company admin (an exception is granted to admins; a demoted one loses it at the next request).
 * Evaluated on every request rather than when the session is made, so switching SSO on ends the password
 * sessions made before it.
 */
import { sql } from 'drizzle-orm';
import { companies, ssoSettings, users } from '../db/schema.ts';

/** True when the member of `users` (joined with his `companies` row) may hold a password session. */
export const passwordSignInAllowed = sql<boolean>`(
  not ${companies.isEnabledFederatedIdentity}
  or (
    ${users.roles} @> array['CompanyAdmin']::text[]
    and exists (
      select 1 from ${ssoSettings}
      where ${ssoSettings.companyId} = ${users.companyId}
        and ${users.id} = any(${ssoSettings.exceptionUserIds})
    )
  )
)`;
