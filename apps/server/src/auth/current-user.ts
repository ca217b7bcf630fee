import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { TCurrentUser, TRole } from '@cloudsign/contract';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerHandle } from '../db/prepared.ts';
import { companies, sessions, users } from '../db/schema.ts';
import type { RequestOrigin } from '../modules/audit-log/audit-log.record.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** Who is calling: loaded fresh on every request, so a deleted or demoted member loses access at once. */
export type AuthContext = {
  user: UserRow;
  company: CompanyRow;
  sessionId: string;
  roles: ReadonlySet<TRole>;
  isCompanyAdmin: boolean;
  /** Where the request came from, for the audit log (plain data: services never see Fastify). */
  origin?: RequestOrigin;
};

function sessionUserQuery(db: DbOrTx) {
  return db
    .select({ user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.id, sql.placeholder('userId')),
        eq(users.companyId, sql.placeholder('companyId')),
        // Sessions end on 利用停止; this keeps a token out even if one were left behind.
        ne(users.status, MemberStatus.Deactivated),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

/** Every API request runs it. */
const sessionUser = preparedPerHandle(sessionUserQuery);

export async function findSessionUser(
  db: DbOrTx,
  ids: { sessionId: string; userId: string; companyId: string },
  now = new Date(),
) {
  const [row] = await sessionUser(db).execute({
    sessionId: ids.sessionId,
    userId: ids.userId,
    companyId: ids.companyId,
    now,
  });
  return row ?? null;
}

export function toAuthContext(
  row: { user: UserRow; company: CompanyRow },
  sessionId: string,
  origin?: RequestOrigin,
): AuthContext {
  const roles = new Set(row.user.roles as TRole[]);
  return {
    user: row.user,
    company: row.company,
    sessionId,
    roles,
    isCompanyAdmin: roles.has('CompanyAdmin'),
    origin,
  };
}

export function toCurrentUser(user: UserRow, company: CompanyRow): TCurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status as TCurrentUser['status'],
    organization: user.organization,
    roles: user.roles as TRole[],
    mfa: user.mfa as TCurrentUser['mfa'],
    // The company decides the look (company settings); the member's own copy follows it.
    theme: company.theme as TCurrentUser['theme'],
    company: {
      id: company.id,
      name: company.name,
      plan: company.plan as TCurrentUser['company']['plan'],
      documentApproval: company.documentApproval,
      auditLog: company.auditLog,
      documentImport: company.documentImport,
      isEnabledFederatedIdentity: company.isEnabledFederatedIdentity,
      mfa: company.mfa,
    },
  };
}
