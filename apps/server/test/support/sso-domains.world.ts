/** SSO domains as a test needs them: claimed by a company, verified or not, without going through DNS. */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../src/deps.ts';
import * as repo from '../../src/modules/sso/sso-domains.repository.ts';

export async function addSsoDomain(
  deps: AppDeps,
  companyId: string,
  domain: string,
  opts: { verified?: boolean } = {},
) {
  const db = deps.database.db;
  const row = await repo.insertDomain(
    db,
    { companyId, domain, token: randomBytes(16).toString('hex') },
    deps.clock(),
  );
  return opts.verified ? (await repo.markVerified(db, companyId, row.id, deps.clock()))! : row;
}
