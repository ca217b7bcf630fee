/**
 * The bulk engine's writes that start a job, each taking one of the company's job slots
 * (jobs/company-job-slots.ts): an upload (its check), an execution, an export or template. Over the cap
 * they answer 429 and leave nothing behind: no row, no file.
 */
import { BulkStatus, hasBulkExecutionStarted } from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import type { Tx } from '../db/client.ts';
import { assertJobRoom, takeJobSlot } from '../jobs/company-job-slots.ts';
import {
  findGeneratingTwin,
  findManipulation,
  insertManipulation,
  updateManipulation,
  type ManipulationPatch,
  type NewManipulation,
} from './bulk.repository.ts';
import type { BulkTarget, ManipulationRow } from './bulk.types.ts';

/** Before an upload is streamed to storage: a company at its cap writes no file. */
/** Written in the same transaction as the run's row (the audit event of the upload, execution or request). */
type Alongside<T> = (tx: Tx, row: T) => Promise<void>;
const noop = async () => {};

export const assertUploadRoom = (deps: AppDeps, companyId: string) =>
  assertJobRoom(deps.database.db, companyId, deps.jobs.perCompanyLimit);

/** The uploaded file's row, under the cap; refused (a request raced to the last slot), the file is removed. */
export async function insertUpload(
  deps: AppDeps,
  values: NewManipulation & { inputFileKey: string },
  alongside: Alongside<ManipulationRow> = noop,
): Promise<ManipulationRow> {
  try {
    const slot = await takeJobSlot(
      deps.database.db,
      values.companyId,
      deps.jobs.perCompanyLimit,
      (tx) => insertManipulation(tx, values).then((row) => alongside(tx, row).then(() => row)),
    );
    return slot.value;
  } catch (err) {
    await deps.storage.remove(values.inputFileKey);
    throw err;
  }
}

/**
 * Ready → Processing under the cap. A run already moved (a double click) is answered as it is, without a
 * slot, so the second click never sees 429 for the run the first one started. Null when the move lost.
 */
export async function startExecution(
  deps: AppDeps,
  scope: { companyId: string; target: BulkTarget },
  id: string,
  patch: ManipulationPatch,
  alongside: Alongside<ManipulationRow> = noop,
): Promise<{ row: ManipulationRow | null; isNew: boolean }> {
  const slot = await takeJobSlot<ManipulationRow | null>(
    deps.database.db,
    scope.companyId,
    deps.jobs.perCompanyLimit,
    async (tx) => {
      const row = await updateManipulation(tx, id, patch, [BulkStatus.Ready]);
      if (row) await alongside(tx, row);
      return row;
    },
    async (tx) => {
      const current = await findManipulation(tx, scope, id);
      return current && hasBulkExecutionStarted(current.status) ? current : null;
    },
  );
  return { row: slot.value, isNew: slot.isNew && slot.value !== null };
}

/**
 * An export or template request: the same request still being generated is answered with its row
 * (isNew false: no job to send); otherwise a new row under the cap.
 */
export async function insertGeneration(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  values: NewManipulation & {
    target: BulkTarget;
    kind: number;
    encoding: string;
    params: Record<string, unknown>;
  },
  alongside: Alongside<ManipulationRow> = noop,
): Promise<{ row: ManipulationRow; isNew: boolean }> {
  const slot = await takeJobSlot(
    deps.database.db,
    values.companyId,
    deps.jobs.perCompanyLimit,
    (tx) => insertManipulation(tx, values).then((row) => alongside(tx, row).then(() => row)),
    (tx) => findGeneratingTwin(tx, values),
  );
  return { row: slot.value, isNew: slot.isNew };
}
