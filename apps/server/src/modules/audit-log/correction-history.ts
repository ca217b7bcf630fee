/**
 * 訂正削除履歴 (電子帳簿保存法): the history of every correction of the documents' 書類情報 in a period, by hand
 * (the detail page) and by the attribute CSV, read from the audit log, whose chain proves it complete. One line
 * per changed item, items by the company's own labels (never ids), values in words, written through the
 * product's CSV writer (formula-safe, CP932 or UTF-8 with BOM). The audit export's job writes it
 * (audit-export.ts); `writeCorrectionHistoryCsv` is also for other features (a 税務調査 pack of documents).
 */
import {
  CORRECTION_HISTORY_COLUMNS,
  CORRECTION_METHOD_SCREEN,
  auditFieldLabel,
  auditValueText,
  correctionMethodBulk,
} from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CsvWriter } from '../../lib/csv/stringify.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { DOCUMENT_ATTRIBUTE_AUDIT_FIELDS } from './bulk-row-events.ts';
import {
  countCorrections,
  findCorrectionPage,
  findOptionNames,
  type CorrectionCursor,
  type CorrectionFilter,
} from './correction-history.repository.ts';

export type { CorrectionFilter };
export const CORRECTION_PAGE = 5000;

/** A JST calendar day's first instant (`to` days are inclusive: pass the next day's start as `to`). */
export const jstDayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000);

/** The filter of a period of JST days, both ends inclusive. */
export const correctionPeriod = (
  companyId: string,
  from: string,
  to: string,
  documentIds?: readonly string[],
): CorrectionFilter => ({
  companyId,
  from: jstDayStart(from),
  to: jstDayStart(to, 1),
  documentIds,
});

type Change = { before: unknown; after: unknown };
/** An empty item in words CP932 can carry (the viewer's 「—」 is not in Shift_JIS). */
export const CORRECTION_EMPTY = '（未入力）';
const text = (field: string, v: unknown) =>
  v === null || v === undefined || v === '' ? CORRECTION_EMPTY : auditValueText(field, v);
/** Items in the order of the detail page (the stored details keep JSONB's order of keys). */
const FIELD_ORDER: readonly string[] = DOCUMENT_ATTRIBUTE_AUDIT_FIELDS;
const byPage = (a: string, b: string) =>
  (FIELD_ORDER.indexOf(a) + 1 || 99) - (FIELD_ORDER.indexOf(b) + 1 || 99);
const isChange = (v: unknown): v is Change =>
  typeof v === 'object' && v !== null && 'before' in v && 'after' in v;
const asMap = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** The changed items of one event: each field, and each user-defined item (任意の項目) by its label. */
export function changedItems(
  details: Record<string, unknown>,
  optionNames: ReadonlyMap<string, string>,
): { item: string; before: string; after: string }[] {
  const out: { item: string; before: string; after: string }[] = [];
  for (const [field, value] of Object.entries(details).sort(([a], [b]) => byPage(a, b))) {
    if (!isChange(value)) continue;
    if (field === 'options') {
      const before = asMap(value.before);
      const after = asMap(value.after);
      for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[id]) === JSON.stringify(after[id])) continue;
        out.push({
          item: optionNames.get(id) ?? `${auditFieldLabel('options')}（削除された項目）`,
          before: text('', before[id]),
          after: text('', after[id]),
        });
      }
      continue;
    }
    out.push({
      item: auditFieldLabel(field),
      before: text(field, value.before),
      after: text(field, value.after),
    });
  }
  return out;
}

const methodOf = (details: Record<string, unknown>) => {
  const run = asMap(details.bulk).run;
  return typeof run === 'string' ? correctionMethodBulk(run) : CORRECTION_METHOD_SCREEN;
};

/**
 * Writes the 訂正削除履歴 of the filter (oldest first) and ends the writer; returns the number of changes
 * (events) written. `onPage` is called with the running count after each page.
 */
export async function writeCorrectionHistoryCsv(
  db: DbOrTx,
  filter: CorrectionFilter,
  writer: CsvWriter,
  onPage?: (written: number) => Promise<void>,
): Promise<number> {
  const optionNames = await findOptionNames(db, filter.companyId);
  await writer.write(CORRECTION_HISTORY_COLUMNS);
  let written = 0;
  let after: CorrectionCursor | undefined;
  for (;;) {
    const page = await findCorrectionPage(db, filter, CORRECTION_PAGE, after);
    for (const e of page) {
      const details = asMap(e.details);
      const when = jstDateTime(e.occurredAt);
      const who = e.actorEmail ? `${e.actorName} <${e.actorEmail}>` : e.actorName;
      for (const c of changedItems(details, optionNames))
        await writer.write([
          e.targetId,
          e.localId ?? '',
          e.title ?? e.targetName,
          c.item,
          c.before,
          c.after,
          when,
          who,
          methodOf(details),
        ]);
    }
    written += page.length;
    if (page.length > 0) await onPage?.(written);
    if (page.length < CORRECTION_PAGE) break;
    after = page[page.length - 1]!;
  }
  writer.end();
  return written;
}

export { countCorrections };
