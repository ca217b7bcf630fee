/**
 * One bulk execution of member edits as the worker runs it (upload → check → Ready → execute), timing the
 * execution alone: the audit log benchmark runs it with the per-row events written and without.
 */
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import {
  insertManipulation,
  updateManipulation,
} from '../../apps/server/src/bulk/bulk.repository.ts';
import { runCheck } from '../../apps/server/src/bulk/check-runner.ts';
import { runExecute } from '../../apps/server/src/bulk/execute-runner.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { createMemberChecker } from '../../apps/server/src/modules/member-bulk/member-checker.ts';
import type { RowEventWriter } from '../../apps/server/src/modules/audit-log/bulk-row-events.ts';
import { memberExecutor } from '../../apps/server/src/modules/member-bulk/member-executor.ts';

/** `n` plain members to edit, inserted set-based; answers their ids. */
export async function insertEditableMembers(
  deps: AppDeps,
  companyId: string,
  n: number,
): Promise<string[]> {
  const { rows } = await deps.database.raw.query<{ id: string }>(
    `insert into users (company_id, email, name, organization, status, search_text)
     select $1, 'edit-' || i || '@bench-audit.example', 'メンバー ' || i, '', 1,
       'メンバー ' || i || ' edit-' || i || '@bench-audit.example'
     from generate_series(1, $2::int) as i returning id`,
    [companyId, n],
  );
  return rows.map((r) => r.id);
}

/**
 * Renames every member of `ids` to `<tag> i` in one bulk run, the per-row events written by `write` (the
 * product's writer when absent); answers the execution's milliseconds.
 */
export async function executeMemberEdits(
  deps: AppDeps,
  who: { companyId: string; adminId: string },
  ids: readonly string[],
  tag: string,
  write?: RowEventWriter,
): Promise<number> {
  const lines = ['メンバーID,氏名', ...ids.map((id, i) => `${id},${tag} ${i}`)];
  const id = crypto.randomUUID();
  const key = `member-bulk/${id}-in.csv`;
  await deps.storage.write(key, Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'));
  const m = await insertManipulation(deps.database.db, {
    id,
    companyId: who.companyId,
    target: 'members',
    kind: BulkKind.Edit,
    status: BulkStatus.Uploaded,
    inputFileKey: key,
    createdBy: who.adminId,
  });
  await runCheck(deps, m.id, (mm, h) => createMemberChecker(deps.database.db, mm, h));
  const ready = await updateManipulation(
    deps.database.db,
    m.id,
    { status: BulkStatus.Processing },
    [BulkStatus.Ready],
  );
  if (!ready) throw new Error('the edit file did not check as Ready');
  const t = performance.now();
  await runExecute(deps, m.id, memberExecutor(BulkKind.Edit, undefined, write));
  return performance.now() - t;
}
