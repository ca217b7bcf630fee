/** まとめてダウンロード's job: one run row per archive, like a member export's. */
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { logged } from '../../jobs/logged.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { runDocumentDownload } from './document-download.zip.ts';

export const documentDownloadJob = jobKind('document-download.zip', ZBulkJob);

export async function registerDocumentDownloadJobs(deps: AppDeps) {
  await deps.jobs.register(
    documentDownloadJob,
    logged('document download', ({ manipulationId }) => runDocumentDownload(deps, manipulationId)),
    { retryLimit: 3, expireInSeconds: 60 * 60 },
  );
}
