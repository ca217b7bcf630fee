/**
 * Attribute bulk edit by CSV (docs/design.md §4), enterprise companies only. The manipulation, rows,
 * execute/cancel and list shapes are the generic bulk ones (bulk.ts); this file adds the columns and the
 * download request.
 *
 * Decisions written down here (server and console follow them):
 * - Who: company admins of an enterprise company (every call; a business-plan company gets 403
 *   `enterprise_plan_required` first, a non-admin 403 `forbidden`). A company admin may edit every document
 *   of the company (`PUT /documents/{id}/attribute`), so "may edit" means "a document of this company";
 *   cabinet admins edit document by document on the document page.
 * - Columns: 書類ID and 更新日時 are required; every other column may be left out (left out = unchanged).
 *   A blank cell clears the value (自動更新の有無: blank = 指定なし).
 * - A row's `before` / `after` hold the changed columns only, keyed by the CSV header, as normalised text
 *   (dates YYYY-MM-DD, amounts as digits, 自動更新 as 指定なし/あり/なし). `before` also holds 更新日時.
 * - A row whose 更新日時 no longer matches is a 'conflict': it is never written; the other rows can run.
 */
import type { z } from 'zod';
import { ZCsvEncoding } from './bulk.ts';
import { strictRequestBody } from './common.ts';
import { ZDocumentSearchConditionsBody } from './documents-search.ts';

export const DOCUMENT_ATTRIBUTE_CSV = {
  id: '書類ID',
  updatedAt: '更新日時',
  title: '管理用タイトル',
  counterparty: '契約相手の名称',
  contractAt: '契約締結日',
  validityStartAt: '契約開始日',
  validityEndAt: '契約終了日',
  validityEndNoticeAt: '解約通知期限',
  autoUpdate: '自動更新の有無',
  localId: '管理番号',
  amount: '取引金額',
} as const;

/** The attribute columns (docs/design.md §2 order); user-defined items follow by name. */
export const DOCUMENT_ATTRIBUTE_FIELDS = [
  'title',
  'counterparty',
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'autoUpdate',
  'localId',
  'amount',
] as const;
export type TDocumentAttributeField = (typeof DOCUMENT_ATTRIBUTE_FIELDS)[number];

export const DOCUMENT_ATTRIBUTE_BASE_COLUMNS = [
  DOCUMENT_ATTRIBUTE_CSV.id,
  DOCUMENT_ATTRIBUTE_CSV.updatedAt,
  ...DOCUMENT_ATTRIBUTE_FIELDS.map((f) => DOCUMENT_ATTRIBUTE_CSV[f]),
] as const;

/**
 * Read-only columns of the download, after the editable ones, so a person working in Excel sees which
 * document a row is; the upload ignores them (named 「（参照用）」 so no user-defined item can share a name).
 */
export const DOCUMENT_ATTRIBUTE_REFERENCE_COLUMNS = [
  'タイトル（参照用）',
  'ステータス（参照用）',
  '送信者（参照用）',
  'キャビネット（参照用）',
] as const;

export const AUTO_UPDATE_CSV_LABELS = ['指定なし', 'あり', 'なし'] as const;

/**
 * `POST /documents/attributes/bulk_edit/csv`: `conditions` are the query keys of `GET /documents` (strings,
 * `option.<id>` for user-defined items), without sort and paging.
 */
export const ZDocumentAttributeCsvRequest = strictRequestBody({
  conditions: ZDocumentSearchConditionsBody.prefault({}),
  encoding: ZCsvEncoding.default('sjis'),
});
export type TDocumentAttributeCsvRequest = z.input<typeof ZDocumentAttributeCsvRequest>;
