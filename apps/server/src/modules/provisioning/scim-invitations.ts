/**
 * The invitations of members SCIM creates: queued in the create's own transaction and mailed by a job, as the
 * member CSV add's are (member-bulk/member-invitations.ts). Mailed inside the request, an IdP's first sync of a
 * large company was refused 429 from its 1,001st user on (the day's invitation limit, auth/mail-limits.ts), and
 * every create waited on the company's mail lock. Past the limit the job waits for the next JST day's budget.
 */
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { MailLimitError } from '../../auth/mail-limits.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { secondsToNextJstDay } from '../../lib/time/jst.ts';
import { logged } from '../../jobs/logged.ts';
import { findUninvited } from './scim.repository.ts';

/** `memberIds`: the members a batch of creates made (one job for them); `memberId` in jobs queued before. */
const ZScimInvitation = z.object({
  companyId: z.string().min(1),
  memberId: z.string().min(1).optional(),
  memberIds: z.array(z.string().min(1)).max(1000).optional(),
  inviter: z.string(),
});
type ScimInvitation = z.infer<typeof ZScimInvitation>;
type OneInvitation = { companyId: string; memberId: string; inviter: string };
export const scimInvitationJob = jobKind('provisioning.invite', ZScimInvitation);

/** In the create's transaction: the job exists exactly when the member does. */
export const queueScimInvitation = (deps: AppDeps, tx: DbOrTx, invitation: ScimInvitation) =>
  deps.jobs.send(scimInvitationJob, invitation, { tx, companyId: invitation.companyId });

const membersOf = (n: ScimInvitation) => [
  ...(n.memberId ? [n.memberId] : []),
  ...(n.memberIds ?? []),
];

/**
 * Mails the member his setup link unless he no longer waits for one (he has a link already, from this job's
 * earlier run or an admin's 登録メールを再送; or he is no longer 招待中), so a retry mails nothing twice.
 */
export async function sendScimInvitation(
  deps: AppDeps,
  n: OneInvitation,
): Promise<'done' | MailLimitError['scope']> {
  try {
    await deps.database.db.transaction(async (tx) => {
      const member = await findUninvited(tx, n.companyId, n.memberId);
      if (member) await issuePasswordSetupLink(deps, tx, member, n.inviter);
    });
    return 'done';
  } catch (err) {
    if (err instanceof MailLimitError) return err.scope;
    throw err;
  }
}

export async function registerScimInvitationJob(deps: AppDeps) {
  await deps.jobs.register(
    scimInvitationJob,
    logged('provisioning invitation', async (n) => {
      // One member at a time, each in its own transaction: a retry mails only those not yet mailed. Past the
      // company's limit for the day, he and the rest wait for the next day's budget; past one address's, he does.
      const ids = membersOf(n);
      const waiting: string[] = [];
      for (const [i, memberId] of ids.entries()) {
        deps.jobs.stopping.throwIfAborted();
        const sent = await sendScimInvitation(deps, { ...n, memberId });
        if (sent === 'recipient') waiting.push(memberId);
        if (sent === 'company') waiting.push(...ids.slice(i));
        if (sent === 'company') break;
      }
      if (waiting.length > 0)
        await deps.jobs.send(
          scimInvitationJob,
          { companyId: n.companyId, inviter: n.inviter, memberIds: waiting },
          { companyId: n.companyId, startAfterSeconds: secondsToNextJstDay(deps.clock()) + 60 },
        );
    }),
    { retryLimit: 10 },
  );
}
