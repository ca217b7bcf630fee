/**
 * What the bulk rules need, bound to the app: the runs (repository and job slots on the database), the job
 * queue, file storage and the clock. Rule tests pass plain functions of the same shape instead.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import * as repo from '../../bulk/bulk.repository.ts';
import * as rowsRepo from '../../bulk/bulk-rows.repository.ts';
import * as slots from '../../bulk/bulk-job-slots.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import type { BulkTargetDescriptor } from './bulk-target.ts';

export type Target = Pick<
  BulkTargetDescriptor,
  'target' | 'name' | 'noun' | 'uploads' | 'historyKind' | 'describeRows'
>;
export type Scope = { companyId: string; target: Target['target'] };
export type ListQuery = Parameters<typeof repo.listManipulations>[2];
export type RowsQuery = Parameters<typeof rowsRepo.findRows>[2];
/** Writes that commit with a run's step (its audit event). */
export type Alongside = (tx: DbOrTx, row: ManipulationRow) => Promise<void>;
type StoredRows = Awaited<ReturnType<typeof rowsRepo.findRows>>['rows'];
type Insert<F extends (deps: AppDeps, values: never) => unknown> = Parameters<F>[1];

/**
 * What the bulk rules need, as plain functions: the runs (repository and job slots bound to the database),
 * the job queue, file storage and the clock. Rule tests pass their own; the routes pass bulkServiceDeps(deps).
 */
export type BulkServiceDeps = {
  runs: {
    find: (scope: Scope, id: string) => Promise<ManipulationRow | null>;
    list: (scope: Scope, q: ListQuery) => ReturnType<typeof repo.listManipulations>;
    rows: (id: string, q: RowsQuery) => ReturnType<typeof rowsRepo.findRows>;
    /** Names the rows' members or documents in words (null where the target has none). */
    describe?: (t: Target, companyId: string, rows: StoredRows) => Promise<(string | null)[]>;
    /** Moves the run when its status is one of `from`; null when it was not. */
    update: (
      id: string,
      patch: repo.ManipulationPatch,
      from: readonly number[],
      alongside?: Alongside,
    ) => Promise<ManipulationRow | null>;
    assertUploadRoom: (companyId: string) => Promise<void>;
    insertUpload: (
      values: Insert<typeof slots.insertUpload>,
      alongside?: Alongside,
    ) => Promise<ManipulationRow>;
    startExecution: (
      scope: Scope,
      id: string,
      set: repo.ManipulationPatch,
      alongside?: Alongside,
    ) => ReturnType<typeof slots.startExecution>;
    insertGeneration: (
      values: Insert<typeof slots.insertGeneration>,
      alongside?: Alongside,
    ) => ReturnType<typeof slots.insertGeneration>;
  };
  jobs: Pick<AppDeps['jobs'], 'send'>;
  storage: Pick<AppDeps['storage'], 'write' | 'remove' | 'read'>;
  clock: () => Date;
};

export function bulkServiceDeps(deps: AppDeps): BulkServiceDeps {
  // Read per call: a test app may register the routes without a database and never reach it.
  const db = () => deps.database.db;
  return {
    runs: {
      find: (scope, id) => repo.findManipulation(db(), scope, id),
      list: (scope, q) => repo.listManipulations(db(), scope, q),
      rows: (id, q) => rowsRepo.findRows(db(), id, q),
      describe: async (t, companyId, rows) =>
        t.describeRows ? t.describeRows(db(), companyId, rows) : rows.map(() => null),
      update: (id, patch, from, alongside) =>
        db().transaction(async (tx) => {
          const row = await repo.updateManipulation(tx, id, patch, from);
          if (row && alongside) await alongside(tx, row);
          return row;
        }),
      assertUploadRoom: (companyId) => slots.assertUploadRoom(deps, companyId),
      insertUpload: (values, alongside) => slots.insertUpload(deps, values, alongside),
      startExecution: (scope, id, set, alongside) =>
        slots.startExecution(deps, scope, id, set, alongside),
      insertGeneration: (values, alongside) => slots.insertGeneration(deps, values, alongside),
    },
    jobs: deps.jobs,
    storage: deps.storage,
    clock: deps.clock,
  };
}
