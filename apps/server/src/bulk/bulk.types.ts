/**
 * The generic bulk engine's contracts (docs/design.md §3): a target (members, document attributes) plugs in a
 * row checker and a batch executor; the engine owns the file, the lifecycle, the batches and the progress.
 */
import type { TBulkAction, TBulkCellError } from '@cloudsign/contract';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import type { bulkManipulations } from '../db/schema.ts';

export type BulkTarget =
  'members' | 'document_attributes' | 'audit_log' | 'document_download' | 'tax_audit_pack';
export type ManipulationRow = typeof bulkManipulations.$inferSelect;
/** The payload of a run's check, export and invitation jobs, and of any job that makes a run's file (jobs/job-kind.ts). */
export const ZBulkJob = z.object({ manipulationId: z.string().min(1) });

/** One data row of the file, cells keyed by header. */
export type InputRow = { rowNumber: number; input: Record<string, string>; shapeError?: string };

/** A row after the check, as stored in bulk_manipulation_rows. */
export type CheckedRow = {
  rowNumber: number;
  action: TBulkAction;
  targetId: string | null;
  input: Record<string, string>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  errors: TBulkCellError[];
};

/** Which headers a file of this kind must and may have. `requiredOneOf`: at least one of each group. */
export type ColumnSpec = {
  allowed: readonly string[];
  required: readonly string[];
  requiredOneOf?: readonly (readonly string[])[];
  /** Columns the kind has but this company cannot use now, each with why (refused, never silently dropped). */
  unavailable?: Readonly<Record<string, string>>;
};

/** Stateful across the batches of one check (duplicates inside the file, totals for "last admin"). */
export type RowChecker = {
  columns: ColumnSpec;
  checkBatch: (rows: InputRow[]) => Promise<CheckedRow[]>;
  /** Errors that need the whole file (e.g. the last company admin), added after every row is stored. */
  finish: () => Promise<{ rowNumber: number; column: string; message: string }[]>;
};

export type RowOutcome = {
  rowNumber: number;
  outcome: 'succeeded' | 'failed';
  message: string | null;
  targetId?: string | null;
};

/** A stored row handed to the executor (only what execution needs). */
export type PendingRow = {
  rowNumber: number;
  action: TBulkAction;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Applies one batch inside the engine's transaction; the engine stores the outcomes in the same one. */
export type BatchExecutor = {
  executableActions: readonly TBulkAction[];
  applyBatch: (tx: Tx, manipulation: ManipulationRow, rows: PendingRow[]) => Promise<RowOutcome[]>;
  /** After the last batch, before the final status (e.g. queue the invitation mails). Must be idempotent. */
  afterAll?: (manipulation: ManipulationRow) => Promise<void>;
};
