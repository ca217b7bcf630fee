/**
 * 税務調査対応 (issue 35, 電子帳簿保存法): the documents of a 課税期間 on one of the date fields, narrowed by the
 * document list's own conditions, and one ZIP with their PDFs, manifest.csv (書類一覧) and 訂正削除履歴.csv.
 * Company admins only (docs/design.md "税務調査対応").
 */
import { z } from 'zod';
import { ZCsvEncoding } from './bulk.ts';
import { strictRequestBody } from './common.ts';
import { ZDateString, ZDocumentSearchConditionsBody } from './documents-search.ts';
import {
  DATE_FILTER_LABELS,
  DOCUMENT_DATE_FILTER_KEYS,
  type TDocumentDateFilterKey,
} from './documents-search-keys.ts';
import { ZDocumentDownloadNameRule } from './document-download.ts';

/** The date field the 課税期間 is read on; 契約締結日 unless the admin picks another. */
export const TAX_AUDIT_DATE_FIELDS = DOCUMENT_DATE_FILTER_KEYS;
export const TAX_AUDIT_DATE_FIELD_LABELS: Record<TDocumentDateFilterKey, string> =
  DATE_FILTER_LABELS;
export const ZTaxAuditDateField = z.enum(TAX_AUDIT_DATE_FIELDS, {
  message: `期間の日付項目は ${TAX_AUDIT_DATE_FIELDS.join(', ')} のいずれかで指定してください。`,
});

/**
 * A 課税期間 is at most one year (法人税法 §13: a 事業年度 never exceeds one year; 消費税 and 所得税 likewise), so
 * the end is at latest the day before the start's anniversary (2024-04-01 → 2025-03-31).
 */
export const taxAuditLastDay = (from: string): string => {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  // 2月29日 + 1 year rolls to 3月1日 in Date; the period still ends on 2月28日.
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  else next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
};
export const TAX_AUDIT_SPAN_MESSAGE =
  '課税期間は1年以内で指定してください（終了日は開始日の1年後の前日まで）。';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const periodDay = (label: string) =>
  z
    .string({ message: `課税期間の${label}を入力してください。` })
    .trim()
    .min(1, { message: `課税期間の${label}を入力してください。` })
    .pipe(ZDateString(`課税期間の${label}`));

export const ZTaxAuditPeriod = z
  .object(
    {
      dateField: ZTaxAuditDateField.default('contractAt'),
      from: periodDay('開始日'),
      to: periodDay('終了日'),
    },
    { message: '課税期間（開始日と終了日）を入力してください。' },
  )
  .superRefine((p, ctx) => {
    // A field already refused (blank, not a day) is said once, by its own message.
    if (!DAY.test(p.from ?? '') || !DAY.test(p.to ?? '')) return;
    if (p.from > p.to)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: '課税期間の終了日は開始日以降の日付を指定してください。',
      });
    else if (p.to > taxAuditLastDay(p.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: TAX_AUDIT_SPAN_MESSAGE });
  });
export type TTaxAuditPeriod = z.output<typeof ZTaxAuditPeriod>;

const scopeShape = {
  period: ZTaxAuditPeriod,
  /** The document list's conditions besides the period (取引先, 取引金額, キャビネット…). */
  conditions: ZDocumentSearchConditionsBody.default({ options: {} }),
};

/** The period's own date field is the period's: a second range on it in the conditions is refused. */
function refineScope(
  v: { period: TTaxAuditPeriod; conditions: Record<string, unknown> },
  ctx: z.RefinementCtx,
) {
  const f = v.period?.dateField;
  if (!f || !v.conditions) return;
  if (v.conditions[`${f}From`] !== undefined || v.conditions[`${f}To`] !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['conditions'],
      message: `${DATE_FILTER_LABELS[f]}の範囲は、条件ではなく課税期間で指定してください。`,
    });
}

/** What the page counts before producing the pack. */
export const ZTaxAuditScope = strictRequestBody(scopeShape).superRefine(refineScope);
export type TTaxAuditScope = z.input<typeof ZTaxAuditScope>;

export const ZTaxAuditPackRequest = strictRequestBody({
  ...scopeShape,
  /** manifest.csv and 訂正削除履歴.csv. */
  encoding: ZCsvEncoding.default('sjis'),
  nameRule: ZDocumentDownloadNameRule.default('date_counterparty_amount_id'),
}).superRefine(refineScope);
export type TTaxAuditPackRequest = z.input<typeof ZTaxAuditPackRequest>;

export const ZTaxAuditCount = z.object({
  /** Documents of the period and conditions. */
  documents: z.number().int(),
  /** Their 書類情報 corrections recorded so far (訂正削除履歴.csv has one line per changed item of each). */
  corrections: z.number().int(),
});
export type TTaxAuditCount = z.infer<typeof ZTaxAuditCount>;

/** The names inside the pack. manifest.csv is まとめてダウンロード's (DOCUMENT_MANIFEST_NAME). */
export const TAX_AUDIT_CORRECTIONS_NAME = '訂正削除履歴.csv';

/** 「契約締結日 2024-04-01〜2025-03-31」, as the audit viewer and the page say a period. */
export const taxAuditPeriodText = (p: { dateField?: unknown; from?: unknown; to?: unknown }) =>
  `${DATE_FILTER_LABELS[p.dateField as TDocumentDateFilterKey] ?? String(p.dateField)} ${String(p.from)}〜${String(p.to)}`;
