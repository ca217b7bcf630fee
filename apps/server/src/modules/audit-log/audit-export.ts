/**
 * The audit log's CSV export, written by a job: the filtered events in keyset pages (newest first, the
 * viewer's order) streamed through the product's CSV writer into storage, so memory stays flat however many
 * events match. Progress is the run's processed/total rows (a bulk run of target `audit_log`).
 */
import {
  AUDIT_ACTIONS,
  AUDIT_CATEGORIES,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_TARGET_TYPES,
  auditDetailsText,
  ownValue,
  type TAuditAction,
  type TFindAuditEventsFilter,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { runExport } from '../../bulk/export-runner.ts';
import type { CsvWriter } from '../../lib/csv/stringify.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { formatAnchor } from './audit-anchor.ts';
import {
  countFiltered,
  findChainHead,
  findEventPage,
  type PageCursor,
  type ChainHeadRow,
  type AuditFilter,
  type AuditRow,
} from './audit-log.repository.ts';
import { toFilter } from './audit-log.service.ts';
import {
  correctionPeriod,
  countCorrections,
  writeCorrectionHistoryCsv,
} from './correction-history.ts';

export const AUDIT_EXPORT_PAGE = 5000;
export const AUDIT_EXPORT_JOB = 'audit-log.export';
export const auditExportKey = (id: string) => `audit-log/${id}-out.csv`;

const label = (table: Readonly<Record<string, string>>, key: string) => ownValue(table, key) ?? key;

export function auditCsvCells(e: AuditRow): string[] {
  const details = e.details as Record<string, unknown>;
  const recorded = Object.keys(details).length > 0;
  return [
    jstDateTime(e.occurredAt),
    String(e.seq),
    e.actorName,
    e.actorEmail,
    e.actorId ?? '',
    e.ip,
    e.userAgent,
    e.requestId,
    label(AUDIT_CATEGORIES, e.category),
    AUDIT_ACTIONS[e.action as TAuditAction]?.label ?? e.action,
    e.targetType ? label(AUDIT_TARGET_TYPES, e.targetType) : '',
    e.targetId,
    e.targetName,
    recorded ? auditDetailsText(details) : '',
    recorded ? JSON.stringify(details) : '',
  ];
}

/**
 * The export's last line: the company's chain head when the file was begun (audit-anchor.ts), whatever
 * the filter, so every file kept outside the product can later be handed to `audit:verify --anchor-file`.
 */
export function anchorCells(companyId: string, head: ChainHeadRow): string[] {
  const cells = new Array<string>(AUDIT_EXPORT_COLUMNS.length).fill('');
  cells[0] = head.occurredAt ? jstDateTime(head.occurredAt) : '';
  cells[1] = String(head.seq);
  cells[9] = ANCHOR_LABEL;
  cells[cells.length - 1] = formatAnchor({ companyId, seq: head.seq, hash: head.hash });
  return cells;
}
export const ANCHOR_LABEL = 'チェーンの先頭（検証用アンカー）';

/**
 * Every event of the filter, newest first, one page in memory at a time, then the anchor line. The head is
 * read first and bounds the pages: events recorded while the file is written (the company keeps working)
 * would otherwise sit between the last row and an anchor that names them, and the anchor must name exactly
 * the chain the rows come from.
 */
export async function writeAuditCsv(
  db: DbOrTx,
  filter: AuditFilter,
  writer: CsvWriter,
  onPage?: (written: number) => Promise<void>,
) {
  const head = await findChainHead(db, filter.companyId);
  const bounded: AuditFilter = { ...filter, throughSeq: head?.seq ?? 0 };
  await writer.write(AUDIT_EXPORT_COLUMNS);
  let written = 0;
  let after: PageCursor | undefined;
  for (;;) {
    const page = await findEventPage(db, bounded, AUDIT_EXPORT_PAGE, after);
    for (const e of page) await writer.write(auditCsvCells(e));
    written += page.length;
    if (page.length > 0) await onPage?.(written);
    if (page.length < AUDIT_EXPORT_PAGE) break;
    after = page[page.length - 1]!;
  }
  if (head) await writer.write(anchorCells(filter.companyId, head));
  writer.end();
  return written;
}

/** The job: the events of the filter saved when it was asked for. */
export async function runAuditExport(deps: AppDeps, manipulationId: string) {
  await runExport(deps, manipulationId, async (m) => {
    // 訂正削除履歴 (correction-history.ts): the same run, job and download, another file.
    const period = m.params.correctionHistory as { from: string; to: string } | undefined;
    if (period) {
      const f = correctionPeriod(m.companyId, period.from, period.to);
      return {
        total: await countCorrections(deps.database.db, f),
        key: auditExportKey(m.id),
        write: (writer, onPage) => writeCorrectionHistoryCsv(deps.database.db, f, writer, onPage),
      };
    }
    const filters: TFindAuditEventsFilter = m.params.filters ?? {};
    const filter = toFilter(m.companyId, filters);
    return {
      total: await countFiltered(deps.database.db, filter),
      key: auditExportKey(m.id),
      write: (writer, onPage) => writeAuditCsv(deps.database.db, filter, writer, onPage),
    };
  });
}
