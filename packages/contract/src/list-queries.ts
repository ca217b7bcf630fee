import { z } from 'zod';
import { MEMBER_STATUSES, ZMemberSource, ZRole } from './enums.ts';
import { parseAmountInput, parseDateInput, preprocessWith } from './japanese-input.ts';
import { DOCUMENT_BLANK_KEYS } from './documents-search-keys.ts';

/**
 * List state lives in the URL (docs/design.md §6). "Normalised" means: each key parsed by its schema, invalid
 * and default values dropped, keys in the fixed order of the shape below, and the URL replaced when it
 * differs. Features extend these shapes with `.extend({...})`; the server may parse the same keys.
 *
 * Every field is optional and `.catch(undefined)`: a bad value in a shared link silently falls back to the
 * default instead of breaking the page.
 */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const qPage = lenient(z.coerce.number().int().min(1));
export const qKeyword = lenient(
  z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' ').slice(0, 200))
    .pipe(z.string().min(1)),
);
export const qUuid = lenient(z.uuid());
/** Dates and amounts as people type them (japanese-input.ts), canonical in the URL. */
export const qDate = lenient(z.preprocess(preprocessWith(parseDateInput), z.iso.date()));
export const qAmount = lenient(
  z.preprocess(
    preprocessWith(parseAmountInput),
    z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  ),
);
export const qIntEnum = <const T extends readonly [number, ...number[]]>(values: T) =>
  lenient(
    z.coerce
      .number()
      .int()
      .refine((n): n is T[number] => values.includes(n)),
  );

export const MEMBER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'createdAt',
  '-createdAt',
  'lastSignInAt',
  '-lastSignInAt',
] as const;
/**
 * The clean-up filters: 「90日以上ログインしていない」 (last sign-in, or the account's creation when there was
 * none, 90 days ago or more) and 「一度もログインしていない」.
 */
export const MEMBER_SIGN_IN_FILTERS = ['inactive90', 'never'] as const;
export type TMemberSignInFilter = (typeof MEMBER_SIGN_IN_FILTERS)[number];
export const MEMBER_SIGN_IN_FILTER_LABELS: Record<TMemberSignInFilter, string> = {
  inactive90: '90日以上ログインしていない',
  never: '一度もログインしていない',
};
/** Members also accept page=-1: the whole list, virtualised (spec §7 "-1 means all"). */
export const qMemberPage = lenient(
  z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || n >= 1),
);
export const ZMemberListQuery = z.object({
  page: qMemberPage,
  keyword: qKeyword,
  groupId: qUuid,
  role: lenient(ZRole),
  status: qIntEnum(MEMBER_STATUSES),
  mfa: qIntEnum([1, 2]),
  signIn: lenient(z.enum(MEMBER_SIGN_IN_FILTERS)),
  /** 作成元 (手動 / CSV / SSO / SCIM): who the company's IdP provisions, who came by CSV or by hand. */
  source: lenient(ZMemberSource),
  sort: lenient(z.enum(MEMBER_SORTS)),
  /** The member whose drawer is open: a row is a link to it, so a click works before the page is hydrated. */
  memberId: qUuid,
});
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;
export const MEMBER_LIST_DEFAULTS: Partial<TMemberListQuery> = { page: 1, sort: 'name' };

export const DOCUMENT_SORTS = [
  '-updatedAt',
  'updatedAt',
  '-concludedAt',
  'concludedAt',
  'title',
  '-title',
  // Every date and the amount; `-` = descending. The API takes them as `sort` + `order`.
  ...(
    [
      'createdAt',
      'sentAt',
      'contractAt',
      'validityStartAt',
      'validityEndAt',
      'validityEndNoticeAt',
      'amount',
    ] as const
  ).flatMap((k) => [`-${k}`, k] as const),
] as const;
/** Several statuses as a comma list (`2,13`), normalised to ascending order without duplicates. */
const qStatusList = lenient(
  z
    .string()
    .transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b))
    .pipe(
      z
        .array(
          z.union([
            z.literal(0),
            z.literal(1),
            z.literal(2),
            z.literal(3),
            z.literal(4),
            z.literal(13),
          ]),
        )
        .min(1),
    )
    .transform((a) => a.join(',')),
);
/** User-defined items as JSON `{ "<optionId>": "value" }`, keys sorted, empty values dropped. */
const qOptions = lenient(
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.uuid(), z.string().max(500)))
    .transform((r) => {
      const entries = Object.entries(r)
        .filter(([, v]) => v.trim() !== '')
        .sort(([a], [b]) => a.localeCompare(b));
      return JSON.stringify(Object.fromEntries(entries));
    })
    .pipe(z.string().refine((s) => s !== '{}')),
);
export const DOCUMENT_PER_PAGE = [20, 50, 100] as const;
/** Date attributes searchable by range (docs/design.md §4); each gets `<key>From` / `<key>To`. */
export const DOCUMENT_DATE_KEYS = [
  'contractAt',
  'validityStartAt',
  'validityEndAt',
  'validityEndNoticeAt',
  'sentAt',
] as const;

/** 未入力 items as a comma list (`amount,counterparty`), in the order of DOCUMENT_BLANK_KEYS; unknown ones dropped. */
const qBlankList = lenient(
  z
    .string()
    .transform((s) => {
      const asked = new Set(s.split(','));
      return DOCUMENT_BLANK_KEYS.filter((k) => asked.has(k)).join(',');
    })
    .pipe(z.string().min(1)),
);

export const ZDocumentListQuery = z.object({
  page: qPage,
  perPage: qIntEnum(DOCUMENT_PER_PAGE),
  keyword: qKeyword,
  status: qStatusList,
  cabinetId: qUuid,
  sort: lenient(z.enum(DOCUMENT_SORTS)),
  contractAtFrom: qDate,
  contractAtTo: qDate,
  validityStartAtFrom: qDate,
  validityStartAtTo: qDate,
  validityEndAtFrom: qDate,
  validityEndAtTo: qDate,
  validityEndNoticeAtFrom: qDate,
  validityEndNoticeAtTo: qDate,
  sentAtFrom: qDate,
  sentAtTo: qDate,
  amountFrom: qAmount,
  amountTo: qAmount,
  autoUpdate: qIntEnum([0, 1, 2]),
  localId: qKeyword,
  sender: qKeyword,
  counterparty: qKeyword,
  /** Partial is the default and is left out of the URL. */
  counterpartyMatch: lenient(z.literal('exact')),
  blank: qBlankList,
  options: qOptions,
  /** The document open beside the list. */
  documentId: qUuid,
});
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;
export const DOCUMENT_LIST_DEFAULTS: Partial<TDocumentListQuery> = {
  page: 1,
  perPage: 50,
  sort: '-updatedAt',
};

type ListShape = Record<string, z.ZodType>;

/**
 * Parses a query string with a list schema and gives back the value and its canonical query string
 * (`''` or `'?a=1&b=2'`): first value per key, unknown keys dropped, defaults dropped, keys in shape order.
 */
export function normalizeListQuery<S extends z.ZodObject<ListShape>>(
  schema: S,
  defaults: Partial<z.infer<S>>,
  search: string | URLSearchParams,
): { query: z.infer<S>; search: string } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const query: Record<string, unknown> = schema.parse(raw);
  const canonical = new URLSearchParams();
  const defaultsRecord: Record<string, unknown> = defaults;
  for (const key of Object.keys(schema.shape)) {
    const value = query[key];
    if (value === defaultsRecord[key]) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      canonical.set(key, String(value));
  }
  const text = canonical.toString();
  return {
    query: { ...defaultsRecord, ...stripUndefined(query) } as z.infer<S>,
    search: text ? `?${text}` : '',
  };
}

function stripUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}
