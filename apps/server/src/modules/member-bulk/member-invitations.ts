/** The invitation mails after a member run: their own job, so a crash can repeat a mail in flight but never skips one. */
import { z } from 'zod';
import { BulkKind } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { claimFollowUp, rowsAwaitingFollowUp } from '../../bulk/bulk-rows.repository.ts';
import { findManipulationById } from '../../bulk/bulk.repository.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { invitationMail, PASSWORD_SETUP_TTL_MS, replaceLink } from '../../auth/password-setup.ts';
import { logged } from '../../jobs/logged.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { isStillInvited } from './member-bulk.repository.ts';
import { reserveInvitations } from '../../auth/mail-limits.ts';
import { secondsToNextJstDay } from '../../lib/time/jst.ts';
import { eachBounded } from '../../lib/each-bounded.ts';
import {
  claimFollowUps,
  companyNameById,
  stillInvitedAmong,
} from './member-invitations.repository.ts';

export const MEMBER_INVITE_JOB = 'member-bulk.invite';

/**
 * `action` is absent in jobs queued before edits sent invitations: those are adds. `companyId` is the one
 * `jobs.send` adds for fair turns (absent in jobs queued before: read from the run).
 */
const inviteJob = jobKind(
  MEMBER_INVITE_JOB,
  ZBulkJob.extend({
    action: z.enum(['add', 'update']).optional(),
    companyId: z.string().optional(),
  }),
);

/** Rows read and counted against the day's limits together (one lock and three statements a slice). */
const SLICE = 100;
/** Mails under way at once, each in its own transaction, over the mailer's pooled SMTP connections. */
const IN_FLIGHT = 8;
/**
 * Mails one job sends before it queues its continuation and gives the queue back: another company's
 * invitations (fair priority, jobs.ts) go next instead of waiting behind a 100,000-row run. Tests shorten it.
 */
export const INVITATION_TURN = { mails: 500 };

type Row = Awaited<ReturnType<typeof rowsAwaitingFollowUp>>[number];
type Action = 'add' | 'update';
type Outcome = 'done' | 'deferred' | 'more';
const addressOf = (r: Row) => r.after as { email: string; name: string };

/**
 * Password-setup mails of the members a run added, or of invited members whose email an edit run changed
 * (the edit itself killed their old links, member-executor.ts). Each mail is its own transaction: the row is
 * claimed, the link stored and the mail handed to SMTP before it commits, so a retry resumes after the mailed
 * rows (a death between SMTP's acceptance and the commit can repeat the mails under way, at most IN_FLIGHT;
 * none is skipped). Past the day's invitation limits (auth/mail-limits.ts) a row stays unclaimed and the run
 * answers 'deferred': past the company's, the rest wait for tomorrow; past one address's, only that row does.
 */
export async function sendInvitations(
  deps: AppDeps,
  manipulationId: string,
  action: Action = 'add',
): Promise<Outcome> {
  const m = await findManipulationById(deps.database.db, manipulationId);
  return m ? sendTurn(deps, m, action, Infinity) : 'done';
}

/** Up to `turn` mails of the run; 'more' when the turn ended with rows perhaps left. */
async function sendTurn(deps: AppDeps, m: ManipulationRow, action: Action, turn: number) {
  const db = deps.database.db;
  const companyName = await companyNameById(db, m.companyId);
  let afterRow = 0;
  let sent = 0;
  let isDeferred = false;
  for (;;) {
    deps.jobs.stopping.throwIfAborted();
    if (sent >= turn) return 'more';
    const rows = await rowsAwaitingFollowUp(
      db,
      m.id,
      action,
      Math.min(SLICE, turn - sent),
      afterRow,
    );
    if (rows.length === 0) return isDeferred ? 'deferred' : 'done';
    afterRow = rows[rows.length - 1]!.rowNumber;
    const slice = await db.transaction((tx) => reserveSlice(deps, tx, m, action, rows));
    await eachBounded(slice.granted, IN_FLIGHT, (r) => mailOne(deps, m.id, r, companyName));
    sent += slice.granted.length;
    if (slice.isCompanySpent) return 'deferred';
    isDeferred ||= slice.isRecipientSpent;
  }
}

/**
 * Settles the slice's rows that mail nothing (no longer 招待中, or an edit that kept the address) and counts
 * the rest against the day's limits under the company's mail lock, held only for this short transaction.
 */
async function reserveSlice(
  deps: AppDeps,
  tx: DbOrTx,
  m: ManipulationRow,
  action: Action,
  rows: Row[],
) {
  const invited = await stillInvitedAmong(
    tx,
    rows.map((r) => r.targetId),
  );
  const isMailed = (r: Row) =>
    invited.has(r.targetId) &&
    !(action === 'update' && (r.before as { email: string } | null)?.email === addressOf(r).email);
  const toMail = rows.filter(isMailed);
  await claimFollowUps(
    tx,
    m.id,
    rows.filter((r) => !isMailed(r)).map((r) => r.rowNumber),
  );
  const verdicts = await reserveInvitations(
    tx,
    m.companyId,
    toMail.map((r) => addressOf(r).email),
    deps.clock(),
  );
  return {
    granted: toMail.filter((_, i) => verdicts[i] === null),
    isCompanySpent: verdicts.includes('company'),
    isRecipientSpent: verdicts.includes('recipient'),
  };
}

/** One mail: claimed, linked and handed to SMTP in one transaction; a row claimed meanwhile is left alone. */
async function mailOne(deps: AppDeps, manipulationId: string, r: Row, companyName: string) {
  await deps.database.db.transaction(async (tx) => {
    if (!(await claimFollowUp(tx, manipulationId, r.rowNumber))) return;
    if (!(await isStillInvited(tx, r.targetId))) return;
    const expiresAt = new Date(deps.clock().getTime() + PASSWORD_SETUP_TTL_MS);
    const token = await replaceLink(tx, r.targetId, 'setup', expiresAt);
    await deps.mailer.send(invitationMail(deps, addressOf(r), { token, companyName }));
  });
}

/** What the executor calls after an add or edit run: queue that run's mails (none after a delete). */
export function queueInvitations(deps: AppDeps, manipulationId: string, kind: number) {
  const action = kind === BulkKind.Add ? 'add' : kind === BulkKind.Edit ? 'update' : null;
  if (!action) return undefined;
  return async (m: ManipulationRow) =>
    void (await deps.jobs.send(inviteJob, { manipulationId, action }, { companyId: m.companyId }));
}

export async function registerMemberInvitationJob(deps: AppDeps) {
  await deps.jobs.register(
    inviteJob,
    logged('member bulk', async ({ manipulationId, action }) => {
      const m = await findManipulationById(deps.database.db, manipulationId);
      if (!m) return;
      const next = { manipulationId, action };
      const outcome = await sendTurn(deps, m, action ?? 'add', INVITATION_TURN.mails);
      // Its turn spent, the run queues its continuation behind the other companies' invitations.
      if (outcome === 'more') await deps.jobs.send(inviteJob, next, { companyId: m.companyId });
      // The rest of the run's invitations wait for the next JST day's budget (a minute in, past the turn).
      if (outcome === 'deferred') {
        await deps.jobs.send(inviteJob, next, {
          companyId: m.companyId,
          startAfterSeconds: secondsToNextJstDay(deps.clock()) + 60,
        });
      }
    }),
    { retryLimit: 10 },
  );
}
