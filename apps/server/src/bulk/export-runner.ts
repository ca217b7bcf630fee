/**
 * What every CSV export job does around its own rows (members, document attributes, the audit log): the file
 * streams into storage under a key the job chooses, progress is saved page by page, a stopping worker gives
 * the job back between pages, and the run succeeds only once the whole file is stored. A retry rewrites the
 * same key, so the job is idempotent.
 */
import { BulkStatus, type TCsvEncoding } from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import { createCsvWriter, type CsvWriter } from '../lib/csv/stringify.ts';
import { findManipulationById, updateManipulation } from './bulk.repository.ts';

type Manipulation = NonNullable<Awaited<ReturnType<typeof findManipulationById>>>;

/** The export's own part: how many rows it expects, where the file goes, and how its rows are written. */
export type ExportWork = {
  total: number;
  key: string;
  /** Writes the header and every row, calls `onPage` with the running count, ends the writer; returns the count. */
  write: (writer: CsvWriter, onPage: (written: number) => Promise<void>) => Promise<number>;
  /** Counts of its own beside `exported`, read once the file is written. */
  counts?: () => Record<string, number>;
};

/**
 * Runs the export of a manipulation still being processed (one that another run already finished is left as
 * it is); `workOf` names the export's rows from the manipulation's saved parameters.
 */
export async function runExport(
  deps: AppDeps,
  manipulationId: string,
  workOf: (m: Manipulation) => Promise<ExportWork>,
) {
  const db = deps.database.db;
  const m = await findManipulationById(db, manipulationId);
  if (!m || m.status !== BulkStatus.Processing) return;
  const work = await workOf(m);
  await updateManipulation(db, m.id, {
    totalRows: work.total,
    processedRows: 0,
    startedAt: deps.clock(),
  });
  const writer = createCsvWriter(m.encoding as TCsvEncoding);
  const stored = deps.storage.write(work.key, writer.output);
  let exported: number;
  try {
    exported = await work.write(writer, async (n) => {
      deps.jobs.stopping.throwIfAborted();
      await updateManipulation(db, m.id, { processedRows: n });
    });
  } catch (e) {
    writer.fail(e as Error);
    await stored.catch(() => undefined);
    throw e;
  }
  await stored;
  // The file holds what was read at the time: rows added or removed since the count change the total, not the file.
  await updateManipulation(
    db,
    m.id,
    {
      status: BulkStatus.Succeeded,
      outputFileKey: work.key,
      processedRows: exported,
      totalRows: exported,
      finishedAt: deps.clock(),
      counts: { exported, ...work.counts?.() },
    },
    [BulkStatus.Processing],
  );
}
