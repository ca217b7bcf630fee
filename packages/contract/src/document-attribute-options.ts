/**
 * The company's user-defined document attribute items (docs/design.md §2, CS): up to 10, names 1–20 characters
 * and unique, 使用する (isEnabled), 必須 (isRequired), in the order listed.
 *
 * `PUT /document_attribute_options` (company admins) replaces the whole list: items sent with an `id` keep
 * it (so values stored on documents survive a rename or reorder); items without one are created; items left
 * out are removed (their stored values are no longer shown or searched).
 */
import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';
import { refineText } from './text.ts';
import { BULK_ERROR_COLUMN, BULK_RESULT_COLUMN, BULK_ROW_NUMBER_COLUMN } from './bulk.ts';
import { DOCUMENT_ATTRIBUTE_BASE_COLUMNS } from './document-attribute-bulk.ts';

export const DOCUMENT_ATTRIBUTE_OPTIONS_MAX = 10;
export const DOCUMENT_ATTRIBUTE_OPTION_NAME_MAX = 20;

export const ZDocumentAttributeOption = z.object({
  id: ZId,
  name: z.string(),
  isEnabled: z.boolean(),
  isRequired: z.boolean(),
  position: z.number().int(),
});
export type TDocumentAttributeOption = z.infer<typeof ZDocumentAttributeOption>;

export const ZDocumentAttributeOptionsResponse = z.object({
  documentAttributeOptions: z.array(ZDocumentAttributeOption),
  /**
   * The list's version, drawn from its content (ids, names, 使用する, 必須, order): a replacement names it in
   * If-Match, so a list saved over another admin's change is refused (docs/decisions.md).
   */
  version: z.string(),
});
export type TDocumentAttributeOptionsResponse = z.infer<typeof ZDocumentAttributeOptionsResponse>;

export const ZDocumentAttributeOptionInput = strictRequestBody({
  id: z.uuid({ message: '項目IDの形式が正しくありません。' }).optional(),
  name: z
    .string({ message: '項目名を入力してください。' })
    .trim()
    .min(1, { message: '項目名を入力してください。' })
    .max(DOCUMENT_ATTRIBUTE_OPTION_NAME_MAX, {
      message: `項目名は${DOCUMENT_ATTRIBUTE_OPTION_NAME_MAX}文字以内で入力してください。`,
    })
    .superRefine(refineText('項目名')),
  isEnabled: z.boolean({ message: '「使用する」は true か false で指定してください。' }),
  isRequired: z.boolean({ message: '「必須」は true か false で指定してください。' }),
});
export type TDocumentAttributeOptionInput = z.infer<typeof ZDocumentAttributeOptionInput>;

/** Built-in columns of the attribute CSVs (and of their result files), which user-defined items may not take. */
const RESERVED_OPTION_NAMES: ReadonlySet<string> = new Set([
  ...DOCUMENT_ATTRIBUTE_BASE_COLUMNS,
  BULK_ROW_NUMBER_COLUMN,
  BULK_RESULT_COLUMN,
  BULK_ERROR_COLUMN,
]);

export const ZDocumentAttributeOptionsUpdate = strictRequestBody({
  documentAttributeOptions: z
    .array(ZDocumentAttributeOptionInput, { message: '項目の一覧を指定してください。' })
    .max(DOCUMENT_ATTRIBUTE_OPTIONS_MAX, {
      message: `項目は${DOCUMENT_ATTRIBUTE_OPTIONS_MAX}個まで登録できます。`,
    }),
}).superRefine((v, ctx) => {
  const seenNames = new Map<string, number>();
  const seenIds = new Set<string>();
  v.documentAttributeOptions.forEach((o, i) => {
    const first = seenNames.get(o.name);
    // Items are CSV columns of the attribute bulk edit by name: a built-in column's name would shadow it.
    if (RESERVED_OPTION_NAMES.has(o.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentAttributeOptions', i, 'name'],
        message: `「${o.name}」は書類情報の既定の項目名のため使えません。別の名前にしてください。`,
      });
    }
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentAttributeOptions', i, 'name'],
        message: `項目名「${o.name}」が重複しています（${first + 1}番目と${i + 1}番目）。`,
      });
    } else seenNames.set(o.name, i);
    if (o.id) {
      if (seenIds.has(o.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['documentAttributeOptions', i, 'id'],
          message: '同じ項目が2回指定されています。',
        });
      }
      seenIds.add(o.id);
    }
  });
});
export type TDocumentAttributeOptionsUpdate = z.infer<typeof ZDocumentAttributeOptionsUpdate>;
