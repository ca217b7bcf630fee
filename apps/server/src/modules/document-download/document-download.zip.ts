/**
 * The まとめてダウンロード job: the PDFs of every document the saved search matches and the member may read, then
 * `manifest.csv`, streamed as one ZIP into storage (yazl; every entry name UTF-8 with the general-purpose bit 11
 * set, so Explorer and Finder show Japanese names). Each PDF is hashed (SHA-256) as it goes into the archive.
 * A PDF up to WHOLE_FILE_MAX is read whole and added as one buffer, the next READ_AHEAD read meanwhile (a
 * stream chain per entry cost more than the bytes of a small PDF); a larger one is streamed. The archive's
 * output is waited on when it backs up, so memory stays flat however many documents match.
 *
 * Crash safety: storage writes to a temporary file and renames it when complete, so a killed worker leaves no
 * archive behind; the retried job writes the whole ZIP again under the same key, each document once (keyset
 * pages in id order).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import {
  BulkStatus,
  DOCUMENT_MANIFEST_NAME,
  DOCUMENT_STATUS_LABELS,
  MemberStatus,
  documentManifestColumns,
  type TCsvEncoding,
  type TDocumentDateFilterKey,
  type TDocumentDownloadNameRule,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { Readable as ReadableScope } from '../../auth/access.ts';
import { findManipulationById, updateManipulation } from '../../bulk/bulk.repository.ts';
import { createCsvWriter, type CsvWriter } from '../../lib/csv/stringify.ts';
import { installNativeCrc32 } from '../../lib/zip/native-crc32.ts';
import { addBufferReleased } from '../../lib/zip/add-buffer.ts';
import { addHashed } from '../../lib/zip/add-hashed.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { AppError } from '../../lib/app-error.ts';
import { resolveCabinetScope } from '../documents/documents.service.ts';
import { searchFilter, type SearchFilter } from '../documents/search-filter.ts';
import { baseName, extensionOf, uniqueNames } from './download-names.ts';
import {
  countDownload,
  downloadPage,
  findRequester,
  readableCabinets,
} from './document-download.repository.ts';

// yazl's CRC-32 in JavaScript cost more than writing the PDFs (lib/zip/native-crc32.ts).
installNativeCrc32();

export const DOWNLOAD_PAGE = 200;
/**
 * PDFs up to this size are read whole, up to READ_AHEAD of them or READ_AHEAD_BYTES at once; the archive's
 * output may hold OUTPUT_BUFFER before the job waits for storage to take it (written in few large writes, not
 * one per PDF). In memory: about 16 + 8 MiB, or one PDF of 4 MiB more.
 */
export const WHOLE_FILE_MAX = 4 * 1024 * 1024;
const READ_AHEAD = 32;
const READ_AHEAD_BYTES = 16 * 1024 * 1024;
const OUTPUT_BUFFER = 8 * 1024 * 1024;
export const downloadZipKey = (id: string) => `document-download/${id}.zip`;
const manifestKey = (id: string) => `document-download/${id}-manifest.csv`;

/**
 * What the request saved on the run: the list's conditions, the name rule and who asked; `dateField`, a
 * period's date field the manifest shows beside 契約締結日 (a 税務調査 pack on 契約終了日).
 */
export type DownloadParams = {
  conditions: TDocumentSearchConditions;
  nameRule: TDocumentDownloadNameRule;
  userId: string;
  dateField?: TDocumentDateFilterKey;
};

/** A run that cannot be made any more (the member left, the cabinet is gone): ended with the reason. */
async function refuse(deps: AppDeps, id: string, message: string) {
  await updateManipulation(
    deps.database.db,
    id,
    { status: BulkStatus.Invalid, fileError: { message }, finishedAt: deps.clock() },
    [BulkStatus.Processing],
  );
}

/** What the member may read now, and the search within it; null when he no longer may ask. */
async function scopeOf(deps: AppDeps, companyId: string, p: DownloadParams, adminsOnly: boolean) {
  const db = deps.database.db;
  const user = await findRequester(db, companyId, p.userId);
  if (!user || user.status === MemberStatus.Deactivated) return null;
  const who = { isCompanyAdmin: user.roles.includes('CompanyAdmin'), user };
  if (adminsOnly && !who.isCompanyAdmin) return null;
  const readable = await readableCabinets(db, who);
  try {
    const cabinet = await resolveCabinetScope({ db }, readable, p.conditions.cabinetId);
    return { readable, filter: searchFilter(readable, p.conditions, cabinet) };
  } catch (e) {
    if (e instanceof AppError && e.code === 'not_found') return null;
    throw e;
  }
}

/** A whole file's bytes into the archive; waits while the archive's output is backed up. */
async function addWhole(
  zip: yazl.ZipFile,
  bytes: Buffer,
  name: string,
  mtime: Date,
  failed: Promise<never>,
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  addBufferReleased(zip, bytes, name, { mtime, compress: false });
  const out = zip.outputStream as unknown as PassThrough;
  if (out.writableLength > OUTPUT_BUFFER) await Promise.race([once(out, 'drain'), failed]);
  return sha256;
}

/**
 * The page's files in order, each read whole (small) or null (to be streamed), the next READ_AHEAD started
 * while one is added. A read that fails rejects when its turn comes, not before.
 */
function readAhead(deps: AppDeps, files: readonly { storageKey: string; size: number }[]) {
  const reads = new Map<number, Promise<Buffer | null>>();
  let started = 0;
  let held = 0;
  const startFrom = (i: number) => {
    for (; started < files.length && started <= i + READ_AHEAD; started += 1) {
      const f = files[started]!;
      const isWhole = f.size <= WHOLE_FILE_MAX;
      // Always the one asked for; further ones while their bytes fit.
      if (started > i && isWhole && held + f.size > READ_AHEAD_BYTES) break;
      if (isWhole) held += f.size;
      const read = isWhole ? deps.storage.readAll(f.storageKey) : Promise.resolve(null);
      read.catch(() => undefined);
      reads.set(started, read);
    }
  };
  return async (i: number): Promise<Buffer | null> => {
    startFrom(i);
    const read = reads.get(i)!;
    reads.delete(i);
    const f = files[i]!;
    if (f.size <= WHOLE_FILE_MAX) held -= f.size;
    return read;
  };
}

async function writeEntries(
  deps: AppDeps,
  run: { id: string; nameRule: TDocumentDownloadNameRule; dateField?: TDocumentDateFilterKey },
  scope: { readable: ReadableScope; filter: SearchFilter },
  zip: yazl.ZipFile,
  manifest: CsvWriter,
  failed: Promise<never>,
) {
  const db = deps.database.db;
  const nameOf = uniqueNames([DOCUMENT_MANIFEST_NAME]);
  const dateField = run.dateField === 'contractAt' ? undefined : run.dateField;
  await manifest.write(documentManifestColumns(dateField));
  const pageAfter = (after: string | null) => {
    const read = downloadPage(db, scope.readable, scope.filter, after, DOWNLOAD_PAGE, dateField);
    read.catch(() => undefined);
    return read;
  };
  let next = pageAfter(null);
  let written = 0;
  for (;;) {
    deps.jobs.stopping.throwIfAborted();
    const page = await next;
    const isLast = page.length < DOWNLOAD_PAGE;
    // The next page is read while this one's PDFs are written (keyset: it starts after this page's last id).
    if (!isLast) next = pageAfter(page[page.length - 1]!.id);
    const entries = page.flatMap((d) => d.files.map((f) => ({ d, f })));
    const bytesOf = readAhead(
      deps,
      entries.map((e) => e.f),
    );
    let i = 0;
    for (const d of page) {
      const base = baseName(run.nameRule, d);
      const cabinets = d.cabinets.map((c) => c.name).join(';');
      for (const f of d.files) {
        const name = nameOf(base, extensionOf(f.name));
        const bytes = await bytesOf(i++);
        const sha256 = bytes
          ? await addWhole(zip, bytes, name, d.createdAt, failed)
          : await addHashed(zip, deps.storage.read(f.storageKey), name, d.createdAt, failed);
        await manifest.write([
          d.id,
          d.localId ?? '',
          d.attrTitle || d.title,
          d.counterparty ?? '',
          d.contractAt ?? '',
          ...(dateField ? [d.dated instanceof Date ? jstDateTime(d.dated) : (d.dated ?? '')] : []),
          d.amount,
          cabinets,
          DOCUMENT_STATUS_LABELS[d.status] ?? '',
          name,
          sha256,
          jstDateTime(d.createdAt),
        ]);
      }
    }
    written += page.length;
    if (page.length > 0) await updateManipulation(db, run.id, { processedRows: written });
    if (isLast) break;
  }
  return written;
}

/**
 * What another archive adds after manifest.csv (a 税務調査 pack's 訂正削除履歴.csv): entries written with
 * `add`, and counts recorded on the run beside `exported`.
 */
export type ExtraEntries = (ctx: {
  run: { id: string; companyId: string; encoding: TCsvEncoding };
  filter: SearchFilter;
  add: (source: Readable, name: string) => Promise<string>;
}) => Promise<Record<string, number>>;

/** The job: the archive of the run's saved search, or nothing when another run already finished it. */
export const runDocumentDownload = (deps: AppDeps, manipulationId: string) =>
  runDocumentZip(deps, manipulationId);

/**
 * The archive of a run's saved search: the PDFs, manifest.csv, then `extras`. `adminsOnly`: the run ends 無効
 * if its member is no longer a company admin when it runs. `isCounted`: the request counted the search and
 * wrote it as the run's total (a 税務調査 pack), so the job does not count it again.
 */
export async function runDocumentZip(
  deps: AppDeps,
  manipulationId: string,
  options: { adminsOnly?: boolean; isCounted?: boolean; extras?: ExtraEntries } = {},
) {
  const db = deps.database.db;
  const m = await findManipulationById(db, manipulationId);
  if (!m || m.status !== BulkStatus.Processing) return;
  const params = m.params as DownloadParams;
  const scope = await scopeOf(deps, m.companyId, params, options.adminsOnly ?? false);
  if (!scope)
    return refuse(
      deps,
      m.id,
      '依頼したメンバーまたはキャビネットが見つからないため、ダウンロードを作成できませんでした。',
    );
  await updateManipulation(db, m.id, {
    // An exact count(*) over the whole search: made once per run, by whoever asks first.
    totalRows: options.isCounted ? m.totalRows : await countDownload(db, scope.filter),
    processedRows: 0,
    startedAt: deps.clock(),
  });
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough; its types name only the interface.
  const out = zip.outputStream as unknown as PassThrough;
  const manifest = createCsvWriter(m.encoding as TCsvEncoding);
  const manifestStored = deps.storage.write(manifestKey(m.id), manifest.output);
  const stored = deps.storage.write(downloadZipKey(m.id), out);
  let fail: (e: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  zip.on('error', (e: Error) => {
    out.destroy(e);
    fail(e);
  });
  stored.catch((e: Error) => fail(e));
  let exported: number;
  let extraCounts: Record<string, number> = {};
  try {
    exported = await writeEntries(
      deps,
      { id: m.id, nameRule: params.nameRule, dateField: params.dateField },
      scope,
      zip,
      manifest,
      failed,
    );
    manifest.end();
    await manifestStored;
    const csv = deps.storage.read(manifestKey(m.id));
    await addHashed(zip, csv, DOCUMENT_MANIFEST_NAME, deps.clock(), failed, true);
    extraCounts =
      (await options.extras?.({
        run: { id: m.id, companyId: m.companyId, encoding: m.encoding as TCsvEncoding },
        filter: scope.filter,
        add: (source, name) => addHashed(zip, source, name, deps.clock(), failed, true),
      })) ?? {};
    zip.end();
    await stored;
  } catch (e) {
    manifest.fail(e as Error);
    out.destroy(e as Error);
    await Promise.allSettled([stored, manifestStored]);
    throw e;
  } finally {
    await deps.storage.remove(manifestKey(m.id));
  }
  const size = (await deps.storage.size(downloadZipKey(m.id))) ?? 0;
  await updateManipulation(
    db,
    m.id,
    {
      status: BulkStatus.Succeeded,
      outputFileKey: downloadZipKey(m.id),
      processedRows: exported,
      totalRows: exported,
      finishedAt: deps.clock(),
      counts: { exported, ...extraCounts, bytes: size },
    },
    [BulkStatus.Processing],
  );
}
