import { describe, expect, it } from 'vitest';
import { BulkStatus } from './enums.ts';
import {
  BULK_CANCELLABLE_STATUSES,
  canExecuteBulk,
  hasBulkExecutionStarted,
  isBulkBeforeExecution,
  isBulkBusy,
  isBulkChecked,
  isBulkChecking,
  isBulkFinished,
} from './bulk-lifecycle.ts';

const ALL = Object.values(BulkStatus);
const where = (p: (s: number) => boolean) => ALL.filter(p);

describe('the bulk lifecycle, by name', () => {
  it('answers each question with exactly these statuses', () => {
    const {
      Invalid,
      Uploaded,
      Checking,
      CheckFailed,
      Ready,
      Processing,
      Succeeded,
      ProcessedWithError,
    } = BulkStatus;
    expect(where(isBulkBusy)).toEqual([Uploaded, Checking, Processing]);
    expect(where(isBulkChecking)).toEqual([Uploaded, Checking]);
    expect(where(isBulkChecked)).toEqual([
      CheckFailed,
      Ready,
      Processing,
      Succeeded,
      ProcessedWithError,
    ]);
    expect(where(canExecuteBulk)).toEqual([Ready]);
    expect(where(hasBulkExecutionStarted)).toEqual([Processing, Succeeded, ProcessedWithError]);
    expect(where(isBulkFinished)).toEqual([Succeeded, ProcessedWithError]);
    expect(where(isBulkBeforeExecution)).toEqual([Invalid, Uploaded, Checking, CheckFailed, Ready]);
    expect(BULK_CANCELLABLE_STATUSES).toEqual([Uploaded, Checking, CheckFailed, Ready]);
  });
});
