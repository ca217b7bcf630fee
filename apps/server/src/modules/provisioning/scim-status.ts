/**
 * 利用停止 and 利用再開 through SCIM (`active: false` / `true`, DELETE). Every SCIM deactivation goes through
 * `scimDeactivate`: the leaver hand-over and the brake on mass deactivation plug in here, in one place.
 * For now it is the console's 利用停止 itself, with its guards (last admin) and audit events.
 */
import { MemberStatus } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { deactivateMember, restoreMember } from '../members/member-status.service.ts';
import type { ScimWho } from './scim-who.ts';

/** Already 利用停止: nothing to do (an IdP repeats itself; a repeat is not an error). */
export async function scimDeactivate(
  deps: AppDeps,
  who: ScimWho,
  member: { id: string; status: number },
) {
  if (member.status === MemberStatus.Deactivated) return;
  await deactivateMember(deps, who, member.id);
}

export async function scimReactivate(
  deps: AppDeps,
  who: ScimWho,
  member: { id: string; status: number },
) {
  if (member.status !== MemberStatus.Deactivated) return;
  await restoreMember(deps, who, member.id);
}
