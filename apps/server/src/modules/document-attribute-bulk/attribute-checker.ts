/**
 * The attribute rows' checks (docs/design.md §4): cells → duplicates in the file → the document (this company)
 * → 更新日時 (conflict) → required user-defined items. One documents query per batch of rows.
 */
import {
  DOCUMENT_ATTRIBUTE_BASE_COLUMNS,
  DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS,
  DOCUMENT_ATTRIBUTE_CSV as C,
  type TBulkCellError,
  type TDocumentAttributeOption,
} from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckedRow, InputRow, ManipulationRow, RowChecker } from '../../bulk/bulk.types.ts';
import { isSameVersion, versionCell, type CellVersion } from '../../bulk/version-cell.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.service.ts';
import { findDocumentsByIds } from './document-attribute-bulk.repository.ts';
import { attributeTexts } from './attribute-values.ts';
import {
  formatVersion,
  parseAmount,
  parseAutoUpdate,
  parseDate,
  parseDocumentId,
  parseOptionValue,
  parseText,
  parseVersion,
} from './attribute-cells.ts';

export const CHECK_MSG = {
  notFound: '書類が見つかりません。',
  duplicate: (row: number) => `この書類は${row}行目と重複しています。`,
  conflict: (current: string) =>
    `ダウンロードの後にこの書類が変更されています（現在の更新日時: ${current}）。上書きしないため、この行は反映されません。最新のCSVをダウンロードし直してください。`,
  optionDisabled: (name: string) => `「${name}」は使用しない設定のため入力できません。`,
  optionRequired: (name: string) => `「${name}」は必須項目です。入力してください。`,
} as const;

const DATE_HEADERS: readonly string[] = [
  C.contractAt,
  C.validityStartAt,
  C.validityEndAt,
  C.validityEndNoticeAt,
];
const TEXT_HEADERS: readonly string[] = [C.title, C.counterparty, C.localId];

type Parsed = {
  row: InputRow;
  errors: TBulkCellError[];
  id: string | null;
  version: CellVersion | null;
  values: Record<string, string>;
};

export function attributeColumnSpec(options: readonly TDocumentAttributeOption[]) {
  return {
    // The download's read-only columns may come back: they are allowed and never read.
    allowed: [
      ...DOCUMENT_ATTRIBUTE_BASE_COLUMNS,
      ...options.map((o) => o.name),
      ...DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS,
    ],
    required: [C.id, C.updatedAt],
  };
}

export async function createAttributeChecker(
  db: DbOrTx,
  m: ManipulationRow,
  headers: readonly string[],
): Promise<RowChecker> {
  const options = await selectOptions(db, m.companyId);
  const optionByName = new Map(options.map((o) => [o.name, o]));
  const present = new Set(headers);
  const firstRowOf = new Map<string, number>();

  const parse = (row: InputRow): Parsed => {
    const errors: TBulkCellError[] = [];
    const values: Record<string, string> = {};
    const p: Parsed = {
      row,
      errors,
      id: parseDocumentId(row.input[C.id] ?? '', errors),
      version: null,
      values,
    };
    p.version = parseVersion(row.input[C.updatedAt] ?? '', errors);
    for (const h of headers) {
      const raw = row.input[h];
      if (raw === undefined || h === C.id || h === C.updatedAt) continue;
      let v: string | null;
      if (DATE_HEADERS.includes(h)) v = parseDate(raw, h, errors);
      else if (TEXT_HEADERS.includes(h)) v = parseText(raw, h, errors);
      else if (h === C.autoUpdate) v = parseAutoUpdate(raw, errors);
      else if (h === C.amount) v = parseAmount(raw, errors);
      else {
        const o = optionByName.get(h);
        if (!o) continue;
        v = parseOptionValue(raw, h, errors);
      }
      if (v !== null) values[h] = v;
    }
    if (p.id) {
      const first = firstRowOf.get(p.id);
      if (first !== undefined) errors.push({ column: C.id, message: CHECK_MSG.duplicate(first) });
      else firstRowOf.set(p.id, row.rowNumber);
    }
    return p;
  };

  const toRow = (
    p: Parsed,
    action: CheckedRow['action'],
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): CheckedRow => ({
    rowNumber: p.row.rowNumber,
    action: p.errors.length > 0 && action !== 'conflict' ? 'error' : action,
    targetId: p.id,
    input: p.row.input,
    before,
    after,
    errors: p.errors,
  });

  return {
    columns: attributeColumnSpec(options),
    checkBatch: async (rows) => {
      const ps = rows.map(parse);
      const current = new Map(
        (
          await findDocumentsByIds(
            db,
            m.companyId,
            ps.filter((p) => p.id && p.errors.length === 0).map((p) => p.id!),
          )
        ).map((d) => [d.id, d]),
      );
      return ps.map((p) => {
        if (p.errors.length > 0) return toRow(p, 'error', null, null);
        const doc = current.get(p.id!);
        if (!doc) {
          p.errors.push({ column: C.id, message: CHECK_MSG.notFound });
          return toRow(p, 'error', null, null);
        }
        const version = formatVersion(doc.updatedAt);
        const texts = attributeTexts(doc, options);
        const before: Record<string, unknown> = { [C.updatedAt]: version };
        const after: Record<string, unknown> = {};
        for (const [h, v] of Object.entries(p.values)) {
          if (texts[h] === v) continue;
          before[h] = texts[h] ?? '';
          after[h] = v;
          // A disabled item (使用しない) keeps what it holds and may be cleared, not given a new value.
          if (v !== '' && optionByName.get(h)?.isEnabled === false)
            p.errors.push({ column: h, message: CHECK_MSG.optionDisabled(h) });
        }
        const changed = Object.keys(after).length > 0;
        if (p.errors.length > 0) return toRow(p, 'error', before, after);
        if (!p.version || !isSameVersion(p.version, doc.updatedAt)) {
          p.errors.push({
            column: C.updatedAt,
            message: CHECK_MSG.conflict(versionCell(doc.updatedAt)),
          });
          return toRow(p, 'conflict', before, after);
        }
        if (changed) {
          // A required item must hold a value after the edit (as PUT /documents/{id}/attribute demands).
          for (const o of options) {
            const final = present.has(o.name) ? p.values[o.name] : texts[o.name];
            if (o.isEnabled && o.isRequired && !final)
              p.errors.push({ column: o.name, message: CHECK_MSG.optionRequired(o.name) });
          }
          if (p.errors.length > 0) return toRow(p, 'error', before, after);
        }
        return toRow(p, changed ? 'update' : 'unchanged', before, changed ? after : null);
      });
    },
    finish: async () => [],
  };
}
