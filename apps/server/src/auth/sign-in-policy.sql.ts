/**
 * The company's sign-in policy as one SQL condition, shared by every query that decides whether a password
 * (non-SSO) session may exist: while the company requires SSO (companies.is_enabled_federated_identity),
 * only its break-glass exceptions sign in with a password, and an exception counts only while the member is
 * still a company admin (an exception is granted to admins; a demoted one loses it at the next request).
 * Evaluated on every request rather than when the session is made, so switching SSO on ends the password
 * sessions made before it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { companies, ssoSettings, users } from '../db/schema.ts';

/** The condition over one member's columns, however the query names them. */
const allowed = (m: { isSsoRequired: SQL; roles: SQL; companyId: SQL; id: SQL }) => sql<boolean>`(
  not ${m.isSsoRequired}
  or (
    ${m.roles} @> array['CompanyAdmin']::text[]
    and exists (
      select 1 from ${ssoSettings}
      where ${ssoSettings.companyId} = ${m.companyId}
        and ${m.id} = any(${ssoSettings.exceptionUserIds})
    )
  )
)`;

/** True when the member of `users` (joined with his `companies` row) may hold a password session. */
export const passwordSignInAllowed = allowed({
  isSsoRequired: sql`${companies.isEnabledFederatedIdentity}`,
  roles: sql`${users.roles}`,
  companyId: sql`${users.companyId}`,
  id: sql`${users.id}`,
});

/**
 * The same for a member row under an alias of raw SQL (`users u`), his company read by key: for set-based
 * writes and look-ups that do not join companies (利用再開 in a member CSV).
 */
export const passwordSignInAllowedOf = (alias: string) => {
  const u = sql.raw(alias);
  return allowed({
    isSsoRequired: sql`(select c.is_enabled_federated_identity from companies c where c.id = ${u}.company_id)`,
    roles: sql`${u}.roles`,
    companyId: sql`${u}.company_id`,
    id: sql`${u}.id`,
  });
};
