import { z } from 'zod';

/** UUID path/body ids. A malformed id is treated like a missing one by routes (404), never a 500. */
export const ZId = z.uuid({ message: 'IDの形式が正しくありません。' });
export const ZIdParams = z.object({ id: ZId });

/** `page` from 1; -1 means all (spec §7, docs/design.md §5). */
export const ZPage = z.coerce
  .number({ message: 'ページ番号は数値で指定してください。' })
  .int({ message: 'ページ番号は整数で指定してください。' })
  .refine((n) => n === -1 || n >= 1, {
    message: 'ページ番号は1以上、または-1（すべて）で指定してください。',
  });

/**
 * Every JSON request body refuses unknown keys (mass assignment): a body can never carry companyId,
 * id, status or createdAt into a row, and a misspelt key is an error rather than silently ignored. Query
 * strings stay lenient: they are never stored, and proxies and browsers add keys of their own.
 */
/** The first unknown keys, each cut short, and a count: a body of 50,000 keys is not echoed whole. */
const namedKeys = (keys: readonly string[]) =>
  keys
    .slice(0, 10)
    .map((k) => (k.length > 40 ? `${k.slice(0, 40)}…` : k))
    .join(', ') + (keys.length > 10 ? ` ほか${keys.length - 10}項目` : '');

export const strictRequestBody = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `指定できない項目が含まれています: ${namedKeys(issue.keys)}`
        : 'リクエストの形式が正しくありません。',
  });

export const ZOk = z.object({ ok: z.literal(true) });

/** Query flags arrive as strings; accept the usual spellings. */
export const ZQueryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * A label table's entry for a key that may come from outside (a query, a CSV header, a stored value):
 * only the table's own keys count, so `__proto__` or `constructor` finds nothing instead of Object's members.
 */
export const ownValue = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
