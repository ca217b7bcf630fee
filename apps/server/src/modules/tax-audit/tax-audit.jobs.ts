/**
 * The 税務調査 pack's job: まとめてダウンロード's archive (PDFs, manifest.csv) of the period's documents, then
 * 訂正削除履歴.csv of those same documents, in one ZIP. Crash-safe as the download is: the CSV goes to a temporary
 * storage key first and the archive is renamed into place only when complete.
 */
import { TAX_AUDIT_CORRECTIONS_NAME } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { createCsvWriter } from '../../lib/csv/stringify.ts';
import { logged } from '../../jobs/logged.ts';
import { ZBulkJob } from '../../bulk/bulk.types.ts';
import { writeCorrectionHistoryCsv } from '../audit-log/correction-history.ts';
import { packCorrections } from './tax-audit.repository.ts';
import { runDocumentZip, type ExtraEntries } from '../document-download/document-download.zip.ts';

export const taxAuditPackJob = jobKind('tax-audit.pack', ZBulkJob);
const correctionsKey = (id: string) => `tax-audit/${id}-corrections.csv`;

/** 訂正削除履歴.csv: every recorded correction of the pack's documents' 書類情報, up to now. */
const correctionHistory =
  (deps: AppDeps): ExtraEntries =>
  async ({ run, filter, add }) => {
    const writer = createCsvWriter(run.encoding);
    const stored = deps.storage.write(correctionsKey(run.id), writer.output);
    try {
      const corrections = await writeCorrectionHistoryCsv(
        deps.database.db,
        packCorrections(run.companyId, filter, deps.clock()),
        writer,
      );
      await stored;
      await add(deps.storage.read(correctionsKey(run.id)), TAX_AUDIT_CORRECTIONS_NAME);
      return { corrections };
    } catch (e) {
      writer.fail(e as Error);
      await Promise.allSettled([stored]);
      throw e;
    } finally {
      await deps.storage.remove(correctionsKey(run.id));
    }
  };

export const runTaxAuditPack = (deps: AppDeps, manipulationId: string) =>
  runDocumentZip(deps, manipulationId, {
    adminsOnly: true,
    // requestPack counted the period's documents for its audit event and wrote that as the total.
    isCounted: true,
    extras: correctionHistory(deps),
  });

export async function registerTaxAuditJobs(deps: AppDeps) {
  await deps.jobs.register(
    taxAuditPackJob,
    logged('tax audit pack', ({ manipulationId }) => runTaxAuditPack(deps, manipulationId)),
    { retryLimit: 3, expireInSeconds: 60 * 60 },
  );
}
