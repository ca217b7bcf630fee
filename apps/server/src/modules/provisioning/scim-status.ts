/**
 * 利用停止 and 利用再開 through SCIM (`active: false` / `true`, DELETE). Every SCIM deactivation goes through
 * `scimDeactivate`: the leaver hand-over and the brake on mass deactivation plug in here, in one place.
 * Deactivation is the leavers' path (leavers.service.ts): 利用停止 with the hand-over by the company's rule, or held
 * behind the brake on mass deactivation; reactivation drops a held one and is the console's 利用再開.
 */
import { MemberStatus } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { restoreMember } from '../members/member-status.service.ts';
import { remindRegister } from '../members/member-credentials.service.ts';
import { applyProvisioningDeactivation, dropQueuedDeactivation } from './leavers.service.ts';
import type { ScimWho } from './scim-who.ts';

/** Already 利用停止: nothing to do (an IdP repeats itself; a repeat is not an error). */
export async function scimDeactivate(
  deps: AppDeps,
  who: ScimWho,
  member: { id: string; status: number },
) {
  if (member.status === MemberStatus.Deactivated) return;
  await applyProvisioningDeactivation(deps, {
    companyId: who.user.companyId,
    memberId: member.id,
    actor: { id: who.user.id, name: who.user.name, origin: who.origin },
  });
}

export async function scimReactivate(
  deps: AppDeps,
  who: ScimWho,
  member: { id: string; status: number },
) {
  // A deactivation still held by the brake was never applied: it is dropped, the member stays as he is.
  await dropQueuedDeactivation(deps, { companyId: who.user.companyId, memberId: member.id });
  if (member.status !== MemberStatus.Deactivated) return;
  const restored = await restoreMember(deps, who, member.id);
  // Back to 招待中 (he never set a password): what the admin's 登録メールを再送 does, since no admin is there to
  // click it; his earlier link, if any, ended with the deactivation.
  if (restored.status === MemberStatus.Invalid) await remindRegister(deps, who, member.id);
}
