/**
 * A bulk run in the audit log: one event per step of the run (never per CSV row), its target the run itself,
 * so the viewer links to the run's rows by its id.
 */
import { createHash } from 'node:crypto';
import type { TAuditAction } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { ManipulationRow } from '../../bulk/bulk.types.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { BulkTargetDescriptor } from './bulk-target.ts';

/** Size and SHA-256 of the stored upload, read back from storage (what was kept, not what was sent). */
export async function fileDigest(deps: AppDeps, key: string) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of deps.storage.read(key) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

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
    target: {
      type: 'bulkRun',
      id: run.id,
      name: run.originalFilename ? `${t.noun}: ${run.originalFilename}` : t.noun,
    },
    details: { target: t.target, kind: run.kind, ...details },
  });
}
