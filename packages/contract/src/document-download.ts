/**
 * まとめてダウンロード (issue 35): the PDFs of every document a search or a cabinet shows, with `manifest.csv`,
 * made into one ZIP by a job. The conditions are the document list's own (ZDocumentSearchConditionsBody), so
 * the download is exactly the list the member was looking at, limited to what he may read.
 */
import { z } from 'zod';
import { ZCsvEncoding } from './bulk.ts';
import { strictRequestBody } from './common.ts';
import { ZDocumentSearchConditionsBody } from './documents-search.ts';
import { DATE_FILTER_LABELS, type TDocumentDateFilterKey } from './documents-search-keys.ts';

/** How the PDFs inside the ZIP are named; every rule ends in the document id or is made unique with `_2`, `_3`. */
export const DOCUMENT_DOWNLOAD_NAME_RULES = [
  'date_counterparty_amount_id',
  'id_title',
  'local_id_title',
] as const;
export const ZDocumentDownloadNameRule = z.enum(DOCUMENT_DOWNLOAD_NAME_RULES, {
  message: `ファイル名の付け方は ${DOCUMENT_DOWNLOAD_NAME_RULES.join(', ')} のいずれかで指定してください。`,
});
export type TDocumentDownloadNameRule = z.infer<typeof ZDocumentDownloadNameRule>;
export const DOCUMENT_DOWNLOAD_NAME_RULE_LABELS: Record<TDocumentDownloadNameRule, string> = {
  date_counterparty_amount_id: 'YYYYMMDD_取引先_金額_書類ID.pdf',
  id_title: '書類ID_タイトル.pdf',
  local_id_title: '管理番号_タイトル.pdf',
};

export const ZDocumentDownloadRequest = strictRequestBody({
  conditions: ZDocumentSearchConditionsBody.default({ options: {} }),
  encoding: ZCsvEncoding.default('sjis'),
  nameRule: ZDocumentDownloadNameRule.default('date_counterparty_amount_id'),
});
export type TDocumentDownloadRequest = z.input<typeof ZDocumentDownloadRequest>;

/** The manifest's columns, one row per PDF in the ZIP (a document with several files has several rows). */
export const DOCUMENT_MANIFEST_COLUMNS = [
  '書類ID',
  '管理番号',
  'タイトル',
  '取引先',
  '契約締結日',
  '取引金額',
  'キャビネット',
  '状態',
  'ファイル名',
  'SHA-256',
  '取り込み日時',
] as const;
export const DOCUMENT_MANIFEST_NAME = 'manifest.csv';

/**
 * The manifest's columns when a period was asked on another date field (a 税務調査 pack on 契約終了日): that
 * date beside 契約締結日, so the inspector sees why each document is in the period.
 */
export const documentManifestColumns = (dateField?: TDocumentDateFilterKey): string[] => {
  const columns: string[] = [...DOCUMENT_MANIFEST_COLUMNS];
  if (dateField && dateField !== 'contractAt')
    columns.splice(columns.indexOf('契約締結日') + 1, 0, DATE_FILTER_LABELS[dateField]);
  return columns;
};

/** The refusal when the company keeps the download to its admins (company settings). */
export const BULK_DOWNLOAD_REFUSAL =
  '書類のまとめてダウンロードは、企業設定で組織管理権限を持つメンバーに限られています。';

/** Who sees 「まとめてダウンロード」: company admins, and every member while the company setting is on. */
export const canBulkDownload = (u: {
  roles: readonly string[];
  company: { bulkDownloadMembers?: boolean | undefined };
}) => u.roles.includes('CompanyAdmin') || u.company.bulkDownloadMembers === true;
