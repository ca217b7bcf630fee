/** The member bulk job kinds (DESIGN.md §1 Jobs): check, execute, export/template, invitation mails. */
import { BulkKind } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { runExecute } from '../../bulk/execute-runner.ts';
import { claimFollowUp, rowsAwaitingFollowUp } from '../../bulk/bulk.repository.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { createMemberChecker } from './member-checker.ts';
import { memberExecutor } from './member-executor.ts';
import { runMemberExport } from './member-export.ts';
import { isStillInvited } from './member-bulk.repository.ts';

export const MEMBER_BULK_JOBS = {
  check: 'member-bulk.check',
  execute: 'member-bulk.execute',
  export: 'member-bulk.export',
  invite: 'member-bulk.invite',
} as const;

export type ManipulationJob = { manipulationId: string };
/** `action` is absent in jobs queued before edits sent invitations: those are adds. */
type InviteJob = ManipulationJob & { action?: 'add' | 'update' };

/**
 * Password-setup mails of the members a run added, or of invited members whose email an edit run changed
 * (the edit itself killed their old links, member-executor.ts). One row at a time, each marked done in the
 * same transaction as its link, so a retry resumes after the last mailed row (a crash between the mail and
 * the commit can repeat that one mail; it never skips one).
 */
export async function sendInvitations(deps: AppDeps, manipulationId: string, action: 'add' | 'update' = 'add') {
  const db = deps.database.db;
  for (;;) {
    const rows = await rowsAwaitingFollowUp(db, manipulationId, action, 100);
    for (const r of rows) {
      const before = r.before as { email: string } | null;
      const after = r.after as { email: string; name: string } | null;
      await db.transaction(async (tx) => {
        if (!(await claimFollowUp(tx, manipulationId, r.rowNumber))) return;
        if (action === 'update' && before?.email === after?.email) return;
        if (!(await isStillInvited(tx, r.targetId))) return;
        await issuePasswordSetupLink(deps, tx, { id: r.targetId, email: after?.email ?? '', name: after?.name ?? '' });
      });
    }
    if (rows.length < 100) return;
  }
}

/** A failed attempt is logged with its cause before pg-boss schedules the retry. */
const logged =
  <T extends object>(handler: (data: T) => Promise<void>): JobHandler<T> =>
  async (data, ctx) => {
    try {
      await handler(data);
    } catch (err) {
      ctx.logger.error({ err }, 'member bulk job attempt failed; it will be retried');
      throw err;
    }
  };

export async function registerMemberBulkJobs(deps: AppDeps) {
  await deps.jobs.register<ManipulationJob>(MEMBER_BULK_JOBS.check, logged(async ({ manipulationId }) => {
    await runCheck(deps, manipulationId, (m, headers) => createMemberChecker(deps.database.db, m, headers));
  }), { retryLimit: 3 });

  // One execution per company at a time, in order (singletonKey = company id, see service). A run killed
  // mid-way is retried when pg-boss expires it, and resumes at the first pending row.
  await deps.jobs.register<ManipulationJob & { kind: number }>(
    MEMBER_BULK_JOBS.execute,
    logged(async ({ manipulationId, kind }: ManipulationJob & { kind: number }) => {
      const action = kind === BulkKind.Add ? 'add' : kind === BulkKind.Edit ? 'update' : null;
      const invite = action
        ? async () => void (await deps.jobs.send<InviteJob>(MEMBER_BULK_JOBS.invite, { manipulationId, action }))
        : undefined;
      await runExecute(deps, manipulationId, memberExecutor(kind, invite));
    }),
    { isSerialPerKey: true, retryLimit: 50, expireInSeconds: 15 * 60 },
  );

  await deps.jobs.register<ManipulationJob>(MEMBER_BULK_JOBS.export, logged(async ({ manipulationId }) => {
    await runMemberExport(deps, manipulationId);
  }), { retryLimit: 3 });

  await deps.jobs.register<InviteJob>(MEMBER_BULK_JOBS.invite, logged(async ({ manipulationId, action }) => {
    await sendInvitations(deps, manipulationId, action ?? 'add');
  }), { retryLimit: 10 });
}
