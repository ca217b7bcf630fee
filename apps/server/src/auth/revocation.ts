/**
 * What dies with a change to a member (docs/decisions.md "Tokens and the events that end them"). A
 * password-setup link is a key to the account mailed to one address; a session (and with it every JWT,
 * which the API checks against its live session) is a browser signed in as it. When the address changes,
 * neither may outlive it: the mail may have gone to a mistyped address.
 */
import type { DbOrTx } from '../db/client.ts';
import { forgetDevices } from './known-devices.ts';
import { deleteSetupLinksOf } from './password-setup.repository.ts';
import { deleteSessionsOf } from './sessions.repository.ts';

/** Setup and reset links of the members die; `keepTokenId` spares the link being used right now (its "used" state). */
export const revokeSetupLinks = deleteSetupLinksOf;

/**
 * Signs the members out of every browser; `keepSessionId` spares the caller's own (a member acting on himself).
 * Returns how many sessions ended, which the audit event of a single member's change records.
 */
export const endSessions = (
  db: DbOrTx,
  userIds: readonly string[],
  keepSessionId?: string,
): Promise<number> => deleteSessionsOf(db, userIds, keepSessionId);

/**
 * A member's login email changed: outstanding setup links die, every session ends and no browser stays
 * known to the account (the member signs in again with the new address and the same password). An invited member (status 0) is then sent a fresh
 * link at the new address by the caller, in the same transaction (single edit) or by the follow-up job (bulk).
 */
export async function revokeOnEmailChange(
  db: DbOrTx,
  userIds: readonly string[],
  keepSessionId?: string,
) {
  await revokeSetupLinks(db, userIds);
  const ended = await endSessions(db, userIds, keepSessionId);
  await forgetDevices(db, userIds);
  return ended;
}

export const emailChanged = (before: string, after: string | undefined) =>
  after !== undefined && after !== before;
