/** The document search's query: conditions, sort, paging and their limits (the rules: documents.ts). */
import { z } from 'zod';
import { DOCUMENT_PAGE_SIZE, ZDocumentStatus } from './enums.ts';
import { parseAmountInput, parseDateInput } from './japanese-input.ts';
import {
  DOCUMENT_BLANK_KEYS,
  DOCUMENT_DATE_FILTER_KEYS,
  DOCUMENT_SORT_KEYS,
  documentConditionLabel,
  type TDocumentDateFilterKey,
} from './documents-search-keys.ts';

export const DOCUMENT_TOTAL_CAP = 10_000;
export const DOCUMENT_MAX_PER_PAGE = 100;
export const DOCUMENT_TEXT_MAX = 500;
export const DOCUMENT_OPTION_VALUE_MAX = 500;
export const DOCUMENT_KEYWORD_MAX = 200;

const L = documentConditionLabel;

/**
 * A calendar day, typed as people type it (`2026-04-01`, `2026/4/1`, `令和8年4月1日`: japanese-input.ts),
 * answered as `YYYY-MM-DD`. `label` names the field or query key in the message.
 */
export const ZDateString = (label: string) =>
  z
    .string({ message: `${label}は YYYY-MM-DD 形式の日付で指定してください。` })
    .transform((s, ctx) => {
      const r = parseDateInput(s);
      if (r.ok) return r.value;
      ctx.addIssue({
        code: 'custom',
        message:
          r.reason === 'range'
            ? `${label}に存在しない日付が指定されています。`
            : `${label}は YYYY-MM-DD 形式の日付で指定してください。`,
      });
      return z.NEVER;
    });

const queryText = (key: string, max: number) =>
  z
    .string({ message: `${L(key)}は文字列で指定してください。` })
    .max(max, { message: `${L(key)}は${max}文字以内で指定してください。` });

/** Integer yen as typed: `1000000`, `1,000,000`, `１，０００，０００`, `1000000円`. */
const queryAmount = (key: string) =>
  z.string({ message: `${L(key)}は0以上の整数で指定してください。` }).transform((s, ctx) => {
    const r = parseAmountInput(s);
    if (r.ok) return r.value;
    ctx.addIssue({
      code: 'custom',
      message:
        r.reason === 'range'
          ? `${L(key)}の金額が大きすぎます。`
          : `${L(key)}は0以上の整数で指定してください。`,
    });
    return z.NEVER;
  });

const STATUS_VALUES = [0, 1, 2, 3, 4, 13] as const;
/** `status=2&status=13` or `status=2,13`. */
const ZStatusQuery = z
  .union([z.string(), z.array(z.string())], {
    message: 'ステータスは書類ステータスの番号で指定してください。',
  })
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    const out: z.infer<typeof ZDocumentStatus>[] = [];
    for (const p of parts) {
      const n = Number(p);
      if (!/^\d+$/.test(p) || !STATUS_VALUES.includes(n as (typeof STATUS_VALUES)[number])) {
        ctx.addIssue({
          code: 'custom',
          message: `ステータスに指定できるのは ${STATUS_VALUES.join(', ')} です（「${p}」は指定できません）。`,
        });
        return z.NEVER;
      }
      if (!out.includes(n as z.infer<typeof ZDocumentStatus>))
        out.push(n as z.infer<typeof ZDocumentStatus>);
    }
    return out.sort((a, b) => a - b);
  });

export const COUNTERPARTY_MATCHES = ['partial', 'exact'] as const;

/** `blank=amount&blank=counterparty` or `blank=amount,counterparty`: distinct, in the order of DOCUMENT_BLANK_KEYS. */
const ZBlankQuery = z
  .union([z.string(), z.array(z.string())], {
    message: '未入力の項目は項目名で指定してください。',
  })
  .transform((v, ctx) => {
    const parts = new Set(
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const unknown = [...parts].filter(
      (p) => !(DOCUMENT_BLANK_KEYS as readonly string[]).includes(p),
    );
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `未入力の項目に指定できるのは ${DOCUMENT_BLANK_KEYS.join(', ')} です（「${unknown.join('」「')}」は指定できません）。`,
      });
      return z.NEVER;
    }
    return DOCUMENT_BLANK_KEYS.filter((k) => parts.has(k));
  });

export const OPTION_QUERY_PREFIX = 'option.';
const OPTION_KEY = /^option\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const dateRangeShape = Object.fromEntries(
  DOCUMENT_DATE_FILTER_KEYS.flatMap((k) => [
    [`${k}From`, ZDateString(L(`${k}From`)).optional()],
    [`${k}To`, ZDateString(L(`${k}To`)).optional()],
  ]),
) as Record<
  `${TDocumentDateFilterKey}${'From' | 'To'}`,
  z.ZodOptional<ReturnType<typeof ZDateString>>
>;

/** The search conditions without paging and sort (also used by the attribute bulk edit). */
const conditionShape = {
  keyword: queryText('keyword', DOCUMENT_KEYWORD_MAX).optional(),
  status: ZStatusQuery.optional(),
  cabinetId: z.uuid({ message: 'キャビネットはキャビネットのIDで指定してください。' }).optional(),
  /** Partial match on the sender's name or email. */
  sender: queryText('sender', DOCUMENT_KEYWORD_MAX).optional(),
  ...dateRangeShape,
  amountFrom: queryAmount('amountFrom').optional(),
  amountTo: queryAmount('amountTo').optional(),
  autoUpdate: z
    .enum(['0', '1', '2'], {
      message: '自動更新の有無は 0（指定なし）、1（あり）、2（なし）のいずれかで指定してください。',
    })
    .transform(Number)
    .optional(),
  localId: queryText('localId', DOCUMENT_TEXT_MAX).optional(),
  /** 取引先 (the counterparty attribute), folded like the keyword: partial match unless `counterpartyMatch=exact`. */
  counterparty: queryText('counterparty', DOCUMENT_TEXT_MAX).optional(),
  counterpartyMatch: z
    .enum(COUNTERPARTY_MATCHES, {
      message: '取引先の一致方法は partial（部分一致）または exact（完全一致）で指定してください。',
    })
    .optional(),
  /** 書類情報 items that must be 未入力: `blank=amount,counterparty` or `blank=amount&blank=counterparty`. */
  blank: ZBlankQuery.optional(),
};

type RawConditions = z.infer<z.ZodObject<typeof conditionShape>>;

/** Cross-field rules and `option.<optionId>` keys, shared by the search-only and the paged query. */
function refineConditions(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const k of DOCUMENT_DATE_FILTER_KEYS) {
    const from = v[`${k}From`];
    const to = v[`${k}To`];
    if (typeof from === 'string' && typeof to === 'string' && from > to) {
      ctx.addIssue({
        code: 'custom',
        path: [`${k}To`],
        message: `${L(`${k}To`)}は${L(`${k}From`)}以降の日付を指定してください。`,
      });
    }
  }
  if (
    typeof v.amountFrom === 'number' &&
    typeof v.amountTo === 'number' &&
    v.amountFrom > v.amountTo
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['amountTo'],
      message: '取引金額（まで）は取引金額（から）以上の金額を指定してください。',
    });
  }
  for (const [key, value] of Object.entries(v)) {
    if (!key.startsWith(OPTION_QUERY_PREFIX)) continue;
    if (!OPTION_KEY.test(key)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `任意の項目の指定（${key}）は「option.<項目ID>」の形式で指定してください。`,
      });
    } else if (typeof value !== 'string' || value.length > DOCUMENT_OPTION_VALUE_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `任意の項目は${DOCUMENT_OPTION_VALUE_MAX}文字以内の文字列で指定してください。`,
      });
    }
  }
}

/** Collects `option.<id>` query keys into `options` and drops empty values. */
function toConditions(v: Record<string, unknown>): TDocumentSearchConditions {
  const options: Record<string, string> = {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    const m = OPTION_KEY.exec(key);
    if (m) {
      if (typeof value === 'string' && value.trim() !== '') options[m[1]!.toLowerCase()] = value;
    } else if (key in conditionShape && value !== undefined && value !== '') {
      out[key] = value;
    }
  }
  return { ...(out as RawConditions), options };
}

export type TDocumentSearchConditions = RawConditions & { options: Record<string, string> };

export const ZDocumentSearchQuery = z
  .looseObject(conditionShape)
  .superRefine(refineConditions)
  .transform((v) => toConditions(v));

/**
 * The same conditions sent in a JSON body (the attribute download): as every body, an unknown key is
 * refused instead of dropped, so a misspelt filter cannot widen the download to every document.
 */
export const ZDocumentSearchConditionsBody = z
  .looseObject(conditionShape)
  .superRefine((v, ctx) => {
    const unknown = Object.keys(v).filter(
      (k) => !(k in conditionShape) && !k.startsWith(OPTION_QUERY_PREFIX),
    );
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `指定できない項目が含まれています: ${unknown.join(', ')}`,
      });
    refineConditions(v, ctx);
  })
  .transform((v) => toConditions(v));

export const ZDocumentFindQuery = z
  .looseObject({
    ...conditionShape,
    sort: z
      .enum(DOCUMENT_SORT_KEYS, {
        message: `並び順は ${DOCUMENT_SORT_KEYS.join(', ')} のいずれかで指定してください。`,
      })
      .default('updatedAt'),
    order: z
      .enum(['asc', 'desc'], { message: '並び順の向きは asc または desc で指定してください。' })
      .default('desc'),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, { message: 'ページは1以上の整数で指定してください。' })
      .transform(Number)
      .default(1),
    perPage: z
      .string()
      .regex(/^\d{1,3}$/, {
        message: `1ページの件数は1から${DOCUMENT_MAX_PER_PAGE}までの整数で指定してください。`,
      })
      .transform(Number)
      .refine((n) => n >= 1 && n <= DOCUMENT_MAX_PER_PAGE, {
        message: `1ページの件数は1から${DOCUMENT_MAX_PER_PAGE}までの整数で指定してください。`,
      })
      .default(DOCUMENT_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    refineConditions(v, ctx);
    if ((v.page - 1) * v.perPage >= DOCUMENT_TOTAL_CAP) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `ページが大きすぎます。表示できるのは先頭から${DOCUMENT_TOTAL_CAP.toLocaleString('ja-JP')}件までです。条件を絞り込むか、並び順を変えてください。`,
      });
    }
  })
  .transform((v) => ({
    ...toConditions(v),
    sort: v.sort,
    order: v.order,
    page: v.page,
    perPage: v.perPage,
  }));
export type TDocumentFindQuery = z.output<typeof ZDocumentFindQuery>;
