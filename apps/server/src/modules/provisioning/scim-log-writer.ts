/**
 * The provisioning log's rows written together: every SCIM request writes one before its answer leaves, and an
 * IdP's 20 concurrent requests each paid an insert and a commit of their own. A request's row joins the batch
 * that starts when the insert in progress ends (group commit): one statement and one commit for all the rows
 * that arrived meanwhile, and each request still waits until its own row is written.
 */
import type { DbOrTx } from '../../db/client.ts';
import { outsideQueryScope } from '../../db/query-scope.ts';
import { insertLogs, type LogRow } from './provisioning.repository.ts';

/** A request's line of the provisioning log. */
export type { LogRow };

/** At most this many rows in one statement; more wait for the next. */
const MAX_BATCH = 500;

export function scimLogWriter(db: () => DbOrTx) {
  let queued: { rows: LogRow[]; written: Promise<void> } | null = null;
  let inProgress: Promise<unknown> = Promise.resolve();

  const startBatch = () => {
    const rows: LogRow[] = [];
    // Starts once the insert in progress has ended, whatever its outcome; a failed batch fails its own rows.
    // Outside the scope of the request that began the batch: its client leaving must not lose the others' rows.
    const written = outsideQueryScope(() =>
      inProgress.then(async () => {
        if (queued?.rows === rows) queued = null;
        await insertLogs(db(), rows);
      }),
    );
    inProgress = written.catch(() => undefined);
    return { rows, written };
  };

  return (row: LogRow): Promise<void> => {
    if (!queued || queued.rows.length >= MAX_BATCH) queued = startBatch();
    queued.rows.push(row);
    return queued.written;
  };
}
