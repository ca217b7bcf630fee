/** One member as the detail answers show it, read through the members repository a rule test may replace. */
import type { TMemberDetail } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/app-error.ts';
import { memberDetail } from './member-mappers.ts';
import * as repo from './members.repository.ts';
import * as holdingsRepo from './member-holdings.repository.ts';

/**
 * What the member rules need: the database (for its transactions), the clock, the mailer and site URL of the
 * setup mail, and the members repository — the real one unless a rule test passes its own (no database).
 */
export type MemberServiceDeps = Pick<AppDeps, 'database' | 'clock' | 'mailer' | 'env'> & {
  members?: typeof repo;
  holdings?: typeof holdingsRepo;
};
export const membersOf = (deps: Pick<MemberServiceDeps, 'members'>) => deps.members ?? repo;
export const holdingsOf = (deps: Pick<MemberServiceDeps, 'holdings'>) =>
  deps.holdings ?? holdingsRepo;

export async function loadMemberDetail(
  deps: Pick<MemberServiceDeps, 'database' | 'members'>,
  companyId: string,
  id: string,
): Promise<TMemberDetail> {
  const members = membersOf(deps);
  const row = await members.findMember(deps.database.db, companyId, id);
  if (!row) throw notFound();
  const [groups, isPasswordAllowed] = await Promise.all([
    members.findUserGroups(deps.database.db, id),
    members.isPasswordAllowed(deps.database.db, id),
  ]);
  return memberDetail(row, groups, isPasswordAllowed);
}
