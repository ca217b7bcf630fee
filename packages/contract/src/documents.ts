/**
 * Company documents (docs/design.md §2, §4). The spec shows no document calls, so these are ours.
 *
 * Decisions written down here (the console and the server both follow them):
 * - Reading: company admins read every document; other members read the documents linked to a cabinet
 *   they may read (all of them when they may read the system cabinet 「すべての書類」).
 * - Editing the attributes (`PUT /documents/{id}/attribute`): a company admin, or an admin of a cabinet
 *   that contains the document. Readers may not edit. `canEditAttribute` in the detail says which.
 * - Keys left out of the attribute update stay unchanged (CS); `null` clears a value. Within `options`,
 *   only the items named change; `null` or '' clears one. An enabled, required item (必須) must hold a
 *   value after every attribute save; a disabled item (使用しない) cannot be given a value.
 * - Keyword: every space-separated word must occur (partial, NFKC + lower-case + かな→カナ) in the title,
 *   管理用タイトル, counterparty, participants' names, emails and companies; an exact document id also matches.
 * - `total`: exact (`isTotalExact: true`) for unfiltered lists, a cabinet's included (maintained counts), and for
 *   searches whose matches are collected to be sorted (estimated < 20,000 matches, or a deep page): counted
 *   while collected. A broader search answers the database's estimate with `isTotalExact: false`, shown as
 *   「約N件」: counting a frequent word over a million documents costs many times the page (docs/decisions.md).
 *   Pages stop at DOCUMENT_TOTAL_CAP results (the Elasticsearch `max_result_window` contract): narrow such a search.
 * - Import: the company's 書類インポート flag must be on and the caller must hold 書類インポート権限 or
 *   組織管理権限, and manage the target cabinet (company admin: any cabinet; otherwise a cabinet they administer).
 */
import { z } from 'zod';
import { ZId } from './common.ts';
import { ZDocumentStatus } from './enums.ts';
import { refineText } from './text.ts';
import { parseAmountInput, preprocessWith } from './japanese-input.ts';
import { DOCUMENT_OPTION_VALUE_MAX, DOCUMENT_TEXT_MAX, ZDateString } from './documents-search.ts';

export const ZDocumentCabinetRef = z.object({ id: ZId, name: z.string() });

export const ZDocumentListItem = z.object({
  id: ZId,
  status: ZDocumentStatus,
  title: z.string(),
  counterparty: z.string().nullable(),
  contractAt: z.string().nullable(),
  validityEndAt: z.string().nullable(),
  amount: z.number().nullable(),
  cabinets: z.array(ZDocumentCabinetRef),
  senderName: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

export const ZDocumentFindResponse = z.object({
  documents: z.array(ZDocumentListItem),
  total: z.number().int(),
  isTotalExact: z.boolean(),
});
export type TDocumentFindResponse = z.infer<typeof ZDocumentFindResponse>;

/** 書類情報 (docs/design.md §2): camelCase names of the real API; options by option id. */
export const ZDocumentAttribute = z.object({
  title: z.string().nullable(),
  counterparty: z.string().nullable(),
  contractAt: z.string().nullable(),
  validityStartAt: z.string().nullable(),
  validityEndAt: z.string().nullable(),
  validityEndNoticeAt: z.string().nullable(),
  autoUpdate: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  localId: z.string().nullable(),
  amount: z.number().int().nullable(),
  options: z.record(z.string(), z.string()),
});
export type TDocumentAttribute = z.infer<typeof ZDocumentAttribute>;

export const ZDocumentParticipant = z.object({
  id: ZId,
  position: z.number().int(),
  name: z.string(),
  email: z.string(),
  organization: z.string(),
});

export const ZDocumentFile = z.object({ id: ZId, name: z.string(), size: z.number().int() });

export const ZDocumentDetail = z.object({
  id: ZId,
  status: ZDocumentStatus,
  title: z.string(),
  sender: z.object({ id: ZId.nullable(), name: z.string(), email: z.string() }),
  sentAt: z.string().nullable(),
  concludedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attribute: ZDocumentAttribute,
  participants: z.array(ZDocumentParticipant),
  files: z.array(ZDocumentFile),
  cabinets: z.array(ZDocumentCabinetRef),
  canEditAttribute: z.boolean(),
});
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;
export const ZDocumentGetResponse = z.object({ document: ZDocumentDetail });
export type TDocumentGetResponse = z.infer<typeof ZDocumentGetResponse>;

export const ZDocumentFileParams = z.object({ id: ZId, fileId: ZId });
/** `download=1`: saved as a file (recorded as a download), otherwise opened in the browser (a view). */
export const ZDocumentFileQuery = z.strictObject(
  {
    download: z
      .enum(['0', '1'], { message: 'download は 0 または 1 を指定してください。' })
      .optional(),
  },
  { error: '指定できない項目が含まれています。' },
);

const ZAttrText = (label: string) =>
  z
    .string({ message: `${label}は文字列で入力してください。` })
    .max(DOCUMENT_TEXT_MAX, {
      message: `${label}は${DOCUMENT_TEXT_MAX}文字以内で入力してください。`,
    })
    .superRefine(refineText(label))
    .nullable();
const ZAttrDate = (label: string) => ZDateString(label).nullable();

/** `PUT /documents/{id}/attribute` and the per-file attributes of an import: keys left out stay unchanged. */
export const ZDocumentAttributeUpdate = z.strictObject(
  {
    title: ZAttrText('管理用タイトル').optional(),
    counterparty: ZAttrText('契約相手の名称').optional(),
    contractAt: ZAttrDate('契約締結日').optional(),
    validityStartAt: ZAttrDate('契約開始日').optional(),
    validityEndAt: ZAttrDate('契約終了日').optional(),
    validityEndNoticeAt: ZAttrDate('解約通知期限').optional(),
    autoUpdate: z
      .union([z.literal(0), z.literal(1), z.literal(2)], {
        message: '自動更新の有無は 0（指定なし）、1（あり）、2（なし）のいずれかです。',
      })
      .optional(),
    localId: ZAttrText('管理番号').optional(),
    amount: z
      .preprocess(
        preprocessWith(parseAmountInput),
        z
          .number({ message: '取引金額は整数で入力してください。' })
          .int({ message: '取引金額は整数で入力してください。' })
          .min(0, { message: '取引金額は0以上で入力してください。' })
          .max(Number.MAX_SAFE_INTEGER, { message: '取引金額が大きすぎます。' }),
      )
      .nullable()
      .optional(),
    options: z
      .record(
        z.uuid({ message: '書類情報の項目IDの形式が正しくありません。' }),
        z
          .string({ message: '項目の値は文字列で入力してください。' })
          .max(DOCUMENT_OPTION_VALUE_MAX, {
            message: `項目の値は${DOCUMENT_OPTION_VALUE_MAX}文字以内で入力してください。`,
          })
          .superRefine(refineText('項目の値'))
          .nullable(),
        {
          error: (iss) =>
            iss.code === 'invalid_key'
              ? '書類情報の項目IDの形式が正しくありません。'
              : iss.code === 'invalid_type'
                ? 'options は項目IDと値の組で指定してください。'
                : undefined,
        },
      )
      .optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `書類情報にない項目です: ${iss.keys.join(', ')}`
        : undefined,
  },
);
export type TDocumentAttributeUpdate = z.infer<typeof ZDocumentAttributeUpdate>;

/** Import limits (CS): 50 MB per PDF, name ≤64 characters plus `.pdf`. */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_NAME_CHARS = 64;
export const IMPORT_MAX_FILES = 100;

/**
 * `POST /documents/import`, multipart: field `cabinetId` first, then an optional field `attributes` (a JSON
 * array aligned with the files: element i is the attribute update of the i-th file, or null), then the
 * files (field name `files`). Each file answers on its own.
 */
export const ZDocumentImportResult = z.discriminatedUnion('ok', [
  z.object({ filename: z.string(), ok: z.literal(true), documentId: ZId }),
  z.object({
    filename: z.string(),
    ok: z.literal(false),
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  }),
]);
export type TDocumentImportResult = z.infer<typeof ZDocumentImportResult>;
export const ZDocumentImportResponse = z.object({ results: z.array(ZDocumentImportResult) });
export type TDocumentImportResponse = z.infer<typeof ZDocumentImportResponse>;
export const ZDocumentImportAttributes = z.array(ZDocumentAttributeUpdate.nullable(), {
  message: 'attributes はファイルごとの書類情報の配列（JSON）で指定してください。',
});
