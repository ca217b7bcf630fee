import type { TBulkManipulation, TBulkRow, TCsvEncoding } from '@cloudsign/contract';
import type { bulkManipulationRows } from '../db/schema.ts';
import type { ManipulationRow } from './bulk.types.ts';
import { inputHeaders } from './result-csv.ts';
import { capDetails } from '../lib/error-details.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The progress of a job that makes a file (an export, a ZIP), as every status call answers it. */
export const toJobStatusDto = (
  m: Pick<ManipulationRow, 'id' | 'status' | 'processedRows' | 'totalRows'>,
) => ({ id: m.id, status: m.status, processedRows: m.processedRows, totalRows: m.totalRows });

export function toManipulationDto(m: ManipulationRow): TBulkManipulation {
  return {
    id: m.id,
    kind: m.kind,
    status: m.status,
    encoding: m.encoding as TCsvEncoding,
    originalFilename: m.originalFilename,
    columns: inputHeaders(m),
    hasInputFile: Boolean(m.inputFileKey),
    hasOutputFile: Boolean(m.outputFileKey),
    // Runs stored before details were capped may hold a million of them: never sent whole.
    fileError: m.fileError
      ? {
          message: m.fileError.message,
          ...(m.fileError.details ? { details: capDetails(m.fileError.details) } : {}),
        }
      : null,
    counts: m.counts,
    totalRows: m.totalRows,
    processedRows: m.processedRows,
    createdBy: { id: m.createdBy, name: m.createdByName },
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    startedAt: iso(m.startedAt),
    finishedAt: iso(m.finishedAt),
  };
}

export function toRowDto(
  r: typeof bulkManipulationRows.$inferSelect,
  subject: string | null = null,
): TBulkRow {
  return {
    rowNumber: r.rowNumber,
    action: r.action as TBulkRow['action'],
    targetId: r.targetId,
    subject,
    input: r.input,
    before: r.before ?? null,
    after: r.after ?? null,
    errors: r.errors,
    outcome: r.outcome as TBulkRow['outcome'],
    outcomeMessage: r.outcomeMessage,
  };
}
