/**
 * 書類情報 as one flat record of what the form shows (for the stale-save notice, which lists what another admin
 * changed field by field, and for telling whether the person changed anything at all).
 */
import {
  AUTO_UPDATE_LABELS,
  DOCUMENT_ATTRIBUTE_CSV,
  type TDocumentAttributeOption,
  type TDocumentDetail,
} from '@cloudsign/contract';
import type { StaleSaveFields } from '../../../components/stale-save/index.ts';
import {
  toAttributeForm,
  toAttributeUpdate,
  type AttributeFormValues,
} from '../components/attribute-fields.tsx';

const OPTION = 'options.';

/** The document's id and version, and each field as the form writes it (items under `options.<id>`). */
export type AttributeView = { id: string; updatedAt: string } & Record<string, string>;

export function toAttributeView(d: TDocumentDetail): AttributeView {
  const { options, ...fields } = toAttributeForm(d.attribute);
  const items = Object.entries(options).map(([id, v]): [string, string] => [`${OPTION}${id}`, v]);
  return { ...fields, ...Object.fromEntries(items), id: d.id, updatedAt: d.updatedAt };
}

export function attributeFormOf(view: AttributeView): AttributeFormValues {
  const { id: _id, updatedAt: _v, ...rest } = view;
  const fields = Object.entries(rest);
  return {
    ...(Object.fromEntries(
      fields.filter(([k]) => !k.startsWith(OPTION)),
    ) as unknown as AttributeFormValues),
    options: Object.fromEntries(
      fields.filter(([k]) => k.startsWith(OPTION)).map(([k, v]) => [k.slice(OPTION.length), v]),
    ),
  };
}

/** Labels the notice names the fields by (the contract's, as the form and the CSV say them), items by their names. */
export function attributeFieldsShown(items: TDocumentAttributeOption[]) {
  const L = DOCUMENT_ATTRIBUTE_CSV;
  return {
    title: L.title,
    counterparty: L.counterparty,
    contractAt: L.contractAt,
    validityStartAt: L.validityStartAt,
    validityEndAt: L.validityEndAt,
    validityEndNoticeAt: L.validityEndNoticeAt,
    autoUpdate: { label: L.autoUpdate, format: (v) => AUTO_UPDATE_LABELS[Number(v)] ?? '' },
    localId: L.localId,
    amount: L.amount,
    ...Object.fromEntries(items.map((o) => [`${OPTION}${o.id}`, o.name])),
  } satisfies StaleSaveFields<AttributeView>;
}

/**
 * Whether saving `values` would change the stored 書類情報: both sides go through the same conversion the save
 * uses (`2026/4/1` and `2026-04-01` are one day, `1,000` and `1000` one amount), so an untouched form, or one
 * typed back to what it was, keeps 保存 disabled.
 */
export function isAttributeChanged(
  values: AttributeFormValues,
  base: AttributeView,
  items: TDocumentAttributeOption[],
) {
  const sent = toAttributeUpdate(values, items);
  const stored = toAttributeUpdate(attributeFormOf(base), items);
  return JSON.stringify(sent) !== JSON.stringify(stored);
}
