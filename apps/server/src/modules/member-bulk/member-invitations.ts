/** The invitation mails after a member run: their own job, so a crash can repeat one mail but never skips one. */
import { z } from 'zod';
import { BulkKind } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { claimFollowUp, rowsAwaitingFollowUp } from '../../bulk/bulk-rows.repository.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { logged } from '../../jobs/logged.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { isStillInvited } from './member-bulk.repository.ts';
import { MailLimitError } from '../../auth/mail-limits.ts';
import { secondsToNextJstDay } from '../../lib/time/jst.ts';

export const MEMBER_INVITE_JOB = 'member-bulk.invite';

/** `action` is absent in jobs queued before edits sent invitations: those are adds. */
const inviteJob = jobKind(
  MEMBER_INVITE_JOB,
  ZBulkJob.extend({ action: z.enum(['add', 'update']).optional() }),
);

/**
 * Password-setup mails of the members a run added, or of invited members whose email an edit run changed
 * (the edit itself killed their old links, member-executor.ts). One row at a time, each marked done in the
 * same transaction as its link, so a retry resumes after the last mailed row (a crash between the mail and
 * the commit can repeat that one mail; it never skips one). Past the day's invitation limits
 * (auth/mail-limits.ts) the row stays unclaimed and the run answers 'deferred': past the company's, the rest
 * wait for tomorrow; past one address's (perhaps spent by another company), only that row does.
 */
export async function sendInvitations(
  deps: AppDeps,
  manipulationId: string,
  action: 'add' | 'update' = 'add',
): Promise<'done' | 'deferred'> {
  const db = deps.database.db;
  let afterRow = 0;
  let isDeferred = false;
  for (;;) {
    const rows = await rowsAwaitingFollowUp(db, manipulationId, action, 100, afterRow);
    for (const r of rows) {
      deps.jobs.stopping.throwIfAborted();
      afterRow = r.rowNumber;
      const before = r.before as { email: string } | null;
      const after = r.after as { email: string; name: string } | null;
      try {
        await db.transaction(async (tx) => {
          if (!(await claimFollowUp(tx, manipulationId, r.rowNumber))) return;
          if (action === 'update' && before?.email === after?.email) return;
          if (!(await isStillInvited(tx, r.targetId))) return;
          await issuePasswordSetupLink(deps, tx, {
            id: r.targetId,
            email: after?.email ?? '',
            name: after?.name ?? '',
          });
        });
      } catch (err) {
        if (!(err instanceof MailLimitError)) throw err;
        if (err.scope === 'company') return 'deferred';
        isDeferred = true;
      }
    }
    if (rows.length < 100) return isDeferred ? 'deferred' : 'done';
  }
}

/** What the executor calls after an add or edit run: queue that run's mails (none after a delete). */
export function queueInvitations(deps: AppDeps, manipulationId: string, kind: number) {
  const action = kind === BulkKind.Add ? 'add' : kind === BulkKind.Edit ? 'update' : null;
  if (!action) return undefined;
  return async () => void (await deps.jobs.send(inviteJob, { manipulationId, action }));
}

export async function registerMemberInvitationJob(deps: AppDeps) {
  await deps.jobs.register(
    inviteJob,
    logged('member bulk', async ({ manipulationId, action }) => {
      const outcome = await sendInvitations(deps, manipulationId, action ?? 'add');
      // The rest of the run's invitations wait for the next JST day's budget (a minute in, past the turn).
      if (outcome === 'deferred') {
        await deps.jobs.send(
          inviteJob,
          { manipulationId, action },
          { startAfterSeconds: secondsToNextJstDay(deps.clock()) + 60 },
        );
      }
    }),
    { retryLimit: 10 },
  );
}
