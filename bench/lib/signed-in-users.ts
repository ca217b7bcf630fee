/**
 * Signed-in members for benchmarks that drive a server in its own process: sessions are written straight to
 * the database, and each client trades its session cookie for an access token as the console does.
 */
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { LoadUser } from './load-mix.ts';

/** The first `count` active members of the company by email, `adminShare` of them made company admins. */
export async function prepareUsers(
  database: Database,
  companyId: string,
  count: number,
  adminShare = 1 / 5,
): Promise<LoadUser[]> {
  const { rows } = await database.raw.query<{ id: string }>(
    `select id from users where company_id = $1 and status = 1 and not ('CompanyAdmin' = any(roles)) order by email limit $2`,
    [companyId, count],
  );
  const admins = rows.slice(0, Math.ceil(count * adminShare)).map((r) => r.id);
  await database.raw.query(
    `update users set roles = array_append(roles, 'CompanyAdmin') where id = any($1::uuid[])`,
    [admins],
  );
  const users: LoadUser[] = [];
  for (const r of rows) {
    const s = await createSession(database.db, r.id, true, new Date());
    users.push({ id: r.id, cookie: s.cookie, isAdmin: admins.includes(r.id) });
  }
  return users;
}
