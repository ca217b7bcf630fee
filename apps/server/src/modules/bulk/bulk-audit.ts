/**
 * A bulk run in the audit log: one event per step of the run (never per CSV row), its target the run itself,
 * so the viewer links to the run's rows by its id.
 */
import { createHash } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import type { TAuditAction } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { auditBy, findMemberIdentity, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { BulkTargetDescriptor } from './bulk-target.ts';

/**
 * Size and SHA-256 of an upload, counted as it streams to storage (the bytes stored are the bytes hashed):
 * the file is read once, not again from storage after it was written. Errors of the source reach the
 * returned stream, so the storage write fails with them.
 */
export function digestWhileStreaming(source: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  const hashed = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  pipeline(source, hashed, () => undefined);
  return { stream: hashed as Readable, digest: () => ({ size, sha256: hash.digest('hex') }) };
}

const runTarget = (t: Pick<BulkTargetDescriptor, 'noun'>, run: ManipulationRow) => ({
  type: 'bulkRun' as const,
  id: run.id,
  name: run.originalFilename ? `${t.noun}: ${run.originalFilename}` : t.noun,
});

export async function recordRunEvent(
  tx: DbOrTx,
  auth: AuthContext,
  t: Pick<BulkTargetDescriptor, 'target' | 'noun'>,
  action: TAuditAction,
  run: ManipulationRow,
  details: Record<string, unknown>,
) {
  await recordAuditEvent(tx, {
    ...auditBy(auth),
    action,
    target: runTarget(t, run),
    details: { target: t.target, kind: run.kind, ...details },
  });
}

/** The check's outcome, recorded by the job for the member who uploaded the file (counts or the file's error). */
export async function recordCheckedEvent(
  tx: DbOrTx,
  t: Pick<BulkTargetDescriptor, 'target' | 'noun'>,
  run: ManipulationRow,
) {
  const actor = run.createdBy ? await findMemberIdentity(tx, run.createdBy) : null;
  await recordAuditEvent(tx, {
    companyId: run.companyId,
    actor:
      actor ?? (run.createdBy ? { id: run.createdBy, name: run.createdByName, email: '' } : null),
    action: 'bulk.checked',
    target: runTarget(t, run),
    details: {
      target: t.target,
      kind: run.kind,
      counts: run.counts,
      rows: run.totalRows,
      ...(run.fileError ? { fileError: run.fileError.message } : {}),
    },
  });
}

/** A generated file, template or result file handed to someone: who took it, and which. */
export async function recordDownloadEvent(
  tx: DbOrTx,
  auth: AuthContext,
  t: Pick<BulkTargetDescriptor, 'target' | 'noun'>,
  file: string,
  run?: ManipulationRow,
) {
  await recordAuditEvent(tx, {
    ...auditBy(auth),
    action: 'bulk.fileDownloaded',
    target: run ? runTarget(t, run) : undefined,
    details: { target: t.target, file, ...(run ? { kind: run.kind } : {}) },
  });
}
