import { BulkStatus } from './enums.ts';

/**
 * The bulk run's lifecycle as named questions, so no caller reads it from the numeric order of the
 * statuses: Uploaded → Checking → CheckFailed | Ready → Processing → Succeeded | ProcessedWithError,
 * and Invalid (cancelled) from any step before execution.
 */
type Status = number;

/** A job is working on it (the check or the run): the console polls, the company's job slot is taken. */
export const BULK_BUSY_STATUSES: readonly Status[] = [
  BulkStatus.Uploaded,
  BulkStatus.Checking,
  BulkStatus.Processing,
];
export const isBulkBusy = (s: Status) => BULK_BUSY_STATUSES.includes(s);

/** Waiting for, or in, its check. */
export const isBulkChecking = (s: Status) => s === BulkStatus.Uploaded || s === BulkStatus.Checking;

/** The check is over: its rows are stored (they may still carry errors). */
export const isBulkChecked = (s: Status) => s !== BulkStatus.Invalid && !isBulkChecking(s);

/** Checked without errors and not started: the one status from which a run may start. */
export const canExecuteBulk = (s: Status) => s === BulkStatus.Ready;

/** Execution started (running or finished): a second execute answers the run as it is. */
export const hasBulkExecutionStarted = (s: Status) =>
  s === BulkStatus.Processing || isBulkFinished(s);

/** The run (or generation) is over, with or without failed rows. */
export const isBulkFinished = (s: Status) =>
  s === BulkStatus.Succeeded || s === BulkStatus.ProcessedWithError;

/** Steps from which a cancel (→ Invalid) is still possible: anything before execution starts. */
export const BULK_CANCELLABLE_STATUSES: readonly Status[] = [
  BulkStatus.Uploaded,
  BulkStatus.Checking,
  BulkStatus.CheckFailed,
  BulkStatus.Ready,
];

/** Not started yet (including cancelled): the preview may still offer to execute. */
export const isBulkBeforeExecution = (s: Status) => !hasBulkExecutionStarted(s);
