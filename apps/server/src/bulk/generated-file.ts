/**
 * One lifecycle for a file a job makes (an export, a ZIP, a generated CSV), whichever module asks: the run is
 * found in the caller's company and target or is missing (404), its file is refused while the job is still
 * making it, and it is opened only after the download's audit event has committed (the event is the caller's:
 * each module says in its own words what was downloaded).
 */
import type { AppDeps } from '../deps.ts';
import { AppError, notFound } from '../lib/app-error.ts';
import { findManipulation } from './bulk.repository.ts';
import type { BulkTarget, ManipulationRow } from './bulk.types.ts';

export const GENERATED_FILE_NOT_READY =
  'ファイルはまだ作成中です。しばらくしてからダウンロードしてください。';

/** The run of the company and target; missing (404) otherwise, or when `isVisible` says the caller may not see it. */
export async function getGeneratedRun(
  deps: Pick<AppDeps, 'database'>,
  scope: { companyId: string; target: BulkTarget },
  id: string,
  isVisible: (run: ManipulationRow) => boolean = () => true,
): Promise<ManipulationRow> {
  const run = await findManipulation(deps.database.db, scope, id);
  if (!run || !isVisible(run)) throw notFound();
  return run;
}

/** The finished file's bytes, after `recordDownload` (the download's audit event) has committed. */
export async function openGeneratedFile(
  deps: Pick<AppDeps, 'storage'>,
  run: ManipulationRow,
  recordDownload: (run: ManipulationRow) => Promise<unknown>,
) {
  if (!run.outputFileKey) throw new AppError('invalid_state', GENERATED_FILE_NOT_READY);
  await recordDownload(run);
  return { run, body: deps.storage.read(run.outputFileKey) };
}
