/**
 * A document's attributes as CSV text (the download, the check's "before") and back to columns (execution).
 * One function each way, so a downloaded file re-uploads as "unchanged".
 */
import { AUTO_UPDATE_CSV_LABELS, DOCUMENT_ATTRIBUTE_CSV as C } from '@cloudsign/contract';
import type { TDocumentAttributeOption } from '@cloudsign/contract';
import type { AttributeRow, AttributeWrite } from './document-attribute-bulk.repository.ts';

/**
 * A day as the file writes it: `2026/04/01`, what the screens show and a spreadsheet program reads as a date
 * (the member export's 更新日時 follows the same form). Stored days are ISO (`2026-04-01`).
 */
export const dateText = (iso: string | null): string => (iso ?? '').replaceAll('-', '/');

/** A day's text back to the stored ISO form; a check from before the written form changed kept `2026-04-01`. */
export const dateValue = (text: string): string => text.replaceAll('/', '-');

/** Header → text of every attribute column and every user-defined item (by name). */
export function attributeTexts(
  d: AttributeRow,
  options: readonly TDocumentAttributeOption[],
): Record<string, string> {
  const out: Record<string, string> = {
    [C.title]: d.attrTitle ?? '',
    [C.counterparty]: d.counterparty ?? '',
    [C.contractAt]: dateText(d.contractAt),
    [C.validityStartAt]: dateText(d.validityStartAt),
    [C.validityEndAt]: dateText(d.validityEndAt),
    [C.validityEndNoticeAt]: dateText(d.validityEndNoticeAt),
    [C.autoUpdate]: AUTO_UPDATE_CSV_LABELS[d.autoUpdate] ?? AUTO_UPDATE_CSV_LABELS[0],
    [C.localId]: d.localId ?? '',
    [C.amount]: d.amount === null ? '' : String(d.amount),
  };
  for (const o of options) out[o.name] = d.options[o.id] ?? '';
  return out;
}

const orNull = (v: string) => (v === '' ? null : v);

/**
 * The current row with `after` (changed columns, header → text) applied. Null when a user-defined item
 * named in `after` no longer exists (renamed or deleted since the check).
 */
export function applyTexts(
  d: AttributeRow,
  after: Record<string, unknown>,
  options: readonly TDocumentAttributeOption[],
): Omit<AttributeWrite, 'searchText'> | { missingOption: string } {
  const t = (h: string): string | undefined => {
    const v = after[h];
    return typeof v === 'string' ? v : undefined;
  };
  const pick = (h: string, cur: string | null) => {
    const v = t(h);
    return v === undefined ? cur : orNull(v);
  };
  const pickDate = (h: string, cur: string | null) => {
    const v = pick(h, null);
    return t(h) === undefined ? cur : v === null ? null : dateValue(v);
  };
  const nextOptions = { ...d.options };
  const byName = new Map(options.map((o) => [o.name, o]));
  for (const [h, v] of Object.entries(after)) {
    if ((Object.values(C) as string[]).includes(h)) continue;
    const o = byName.get(h);
    if (!o) return { missingOption: h };
    if (typeof v === 'string' && v !== '') nextOptions[o.id] = v;
    else delete nextOptions[o.id];
  }
  const auto = t(C.autoUpdate);
  const amount = t(C.amount);
  return {
    id: d.id,
    attrTitle: pick(C.title, d.attrTitle),
    counterparty: pick(C.counterparty, d.counterparty),
    contractAt: pickDate(C.contractAt, d.contractAt),
    validityStartAt: pickDate(C.validityStartAt, d.validityStartAt),
    validityEndAt: pickDate(C.validityEndAt, d.validityEndAt),
    validityEndNoticeAt: pickDate(C.validityEndNoticeAt, d.validityEndNoticeAt),
    autoUpdate:
      auto === undefined
        ? d.autoUpdate
        : Math.max(0, (AUTO_UPDATE_CSV_LABELS as readonly string[]).indexOf(auto)),
    localId: pick(C.localId, d.localId),
    amount: amount === undefined ? d.amount : amount === '' ? null : Number(amount),
    options: nextOptions,
  };
}
