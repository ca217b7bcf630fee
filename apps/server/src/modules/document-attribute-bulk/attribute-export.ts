/**
 * The download of the current attributes of every document matching a search (docs/design.md §4): keyset pages
 * in id order streamed through the CSV writer into storage, so memory stays flat at a million documents.
 * Text cells are formula-escaped by the writer; the upload removes the escape again.
 */
import {
  DOCUMENT_ATTRIBUTE_BASE_COLUMNS,
  DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS,
  DOCUMENT_STATUS_LABELS,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { runExport } from '../../bulk/export-runner.ts';
import type { CsvWriter } from '../../lib/csv/stringify.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.service.ts';
import {
  attributePage,
  countMatching,
  findCabinet,
  matchingWhere,
  referencesOf,
} from './document-attribute-bulk.repository.ts';
import { attributeTexts } from './attribute-values.ts';
import { versionCell } from '../../bulk/version-cell.ts';

export const EXPORT_PAGE = 2000;

/** The read-only cells of a page of documents, by id (DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS' order). */
async function referenceCells(db: DbOrTx, ids: string[]) {
  const { docs, cabinetsOf } = await referencesOf(db, ids);
  const names = new Map<string, string[]>();
  for (const c of cabinetsOf) names.set(c.documentId, [...(names.get(c.documentId) ?? []), c.name]);
  return new Map(
    docs.map((d) => [
      d.id,
      [
        d.title,
        DOCUMENT_STATUS_LABELS[d.status] ?? '',
        d.sender ?? '',
        (names.get(d.id) ?? []).join(';'),
      ],
    ]),
  );
}

export type ExportParams = { conditions: TDocumentSearchConditions };

/** The documents the conditions match; a cabinet deleted since the request matches nothing rather than everything. */
async function exportWhere(db: DbOrTx, companyId: string, conditions: TDocumentSearchConditions) {
  const cabinet = conditions.cabinetId
    ? await findCabinet(db, companyId, conditions.cabinetId)
    : null;
  return matchingWhere(
    companyId,
    conditions,
    conditions.cabinetId ? (cabinet ?? { id: conditions.cabinetId, isSystem: false }) : null,
  );
}

async function writeAttributesCsv(
  deps: AppDeps,
  companyId: string,
  where: ReturnType<typeof matchingWhere>,
  writer: CsvWriter,
  onPage: (written: number) => Promise<void>,
) {
  const db = deps.database.db;
  const options = await selectOptions(db, companyId);
  const headers = [...DOCUMENT_ATTRIBUTE_BASE_COLUMNS, ...options.map((o) => o.name)];
  await writer.write([...headers, ...DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS]);
  let after: string | null = null;
  let written = 0;
  for (;;) {
    deps.jobs.stopping.throwIfAborted();
    const page = await attributePage(db, where, after, EXPORT_PAGE);
    const refs = await referenceCells(
      db,
      page.map((d) => d.id),
    );
    for (const d of page) {
      const texts = attributeTexts(d, options);
      await writer.write([
        d.id,
        versionCell(d.updatedAt),
        ...headers.slice(2).map((h) => texts[h] ?? ''),
        ...(refs.get(d.id) ?? []),
      ]);
    }
    written += page.length;
    if (page.length > 0) await onPage(written);
    if (page.length < EXPORT_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  writer.end();
  return written;
}

/** The job: the documents of the conditions saved when it was asked for. */
export async function runAttributeExport(deps: AppDeps, manipulationId: string) {
  await runExport(deps, manipulationId, async (m) => {
    const { conditions } = m.params as ExportParams;
    const where = await exportWhere(deps.database.db, m.companyId, conditions);
    return {
      total: await countMatching(deps.database.db, where),
      key: `document-attribute-bulk/${m.id}-out.csv`,
      write: (writer, onPage) => writeAttributesCsv(deps, m.companyId, where, writer, onPage),
    };
  });
}
