/**
 * One bulk execution of document attribute edits as the worker runs it (upload → check → Ready → execute),
 * timing the execution alone: the audit log benchmark runs it with the per-row events written and without.
 */
import { Readable } from 'node:stream';
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import {
  insertManipulation,
  updateManipulation,
} from '../../apps/server/src/bulk/bulk.repository.ts';
import { runCheck } from '../../apps/server/src/bulk/check-runner.ts';
import { runExecute } from '../../apps/server/src/bulk/execute-runner.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import type { RowEventWriter } from '../../apps/server/src/modules/audit-log/bulk-row-events.ts';
import { formatVersion } from '../../apps/server/src/modules/document-attribute-bulk/attribute-cells.ts';
import { createAttributeChecker } from '../../apps/server/src/modules/document-attribute-bulk/attribute-checker.ts';
import { createAttributeExecutor } from '../../apps/server/src/modules/document-attribute-bulk/attribute-executor.ts';

/** `n` concluded documents with a title and a 管理番号, inserted set-based; answers their ids. */
export async function insertEditableDocuments(
  deps: AppDeps,
  companyId: string,
  n: number,
): Promise<string[]> {
  const { rows } = await deps.database.raw.query<{ id: string }>(
    `insert into documents (company_id, status, title, counterparty, amount, local_id, search_text)
     select $1, 2, '業務委託契約書 ' || g, '株式会社' || (g % 977), g * 10, 'BA-' || lpad(g::text, 7, '0'), ''
     from generate_series(1, $2::int) g returning id`,
    [companyId, n],
  );
  await deps.database.raw.exec('analyze documents');
  return rows.map((r) => r.id);
}

/**
 * Sets the 取引金額 of every document of `ids` to `amountOf(i)` in one bulk run, the events written by `write`
 * (the product's writer when absent); answers the execution's milliseconds.
 */
export async function executeAttributeEdits(
  deps: AppDeps,
  who: { companyId: string; adminId: string },
  ids: readonly string[],
  amountOf: (i: number) => number,
  write?: RowEventWriter,
): Promise<number> {
  const { rows } = await deps.database.raw.query<{ id: string; updated_at: Date }>(
    'select id, updated_at from documents where company_id = $1 and id = any($2::uuid[])',
    [who.companyId, ids],
  );
  const updatedAt = new Map(rows.map((r) => [r.id, new Date(r.updated_at)]));
  const lines = [
    '書類ID,更新日時,取引金額',
    ...ids.map((id, i) => `${id},${formatVersion(updatedAt.get(id)!)},${amountOf(i)}`),
  ];
  const key = `document-attribute-bulk/bench-audit-${crypto.randomUUID()}-in.csv`;
  await deps.storage.write(key, Readable.from([Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]));
  const m = await insertManipulation(deps.database.db, {
    companyId: who.companyId,
    target: 'document_attributes',
    kind: BulkKind.Edit,
    status: BulkStatus.Uploaded,
    inputFileKey: key,
    createdBy: who.adminId,
  });
  await runCheck(deps, m.id, (mm, h) => createAttributeChecker(deps.database.db, mm, h));
  const ready = await updateManipulation(
    deps.database.db,
    m.id,
    { status: BulkStatus.Processing },
    [BulkStatus.Ready],
  );
  if (!ready) throw new Error('the attribute file did not check as Ready');
  const t = performance.now();
  await runExecute(deps, m.id, createAttributeExecutor(write));
  return performance.now() - t;
}
