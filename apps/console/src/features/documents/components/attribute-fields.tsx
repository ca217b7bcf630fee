import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type {
  TDocumentAttribute,
  TDocumentAttributeOption,
  TDocumentAttributeUpdate,
} from '@cloudsign/contract';
import { AUTO_UPDATE_LABELS, parseAmountInput, parseDateInput } from '@cloudsign/contract';
import { toAmountField, toDateField } from '../lib/format.ts';

/** The form's shape: every value a string (inputs), converted by `toAttributeUpdate`. */
export type AttributeFormValues = {
  title: string;
  counterparty: string;
  contractAt: string;
  validityStartAt: string;
  validityEndAt: string;
  validityEndNoticeAt: string;
  autoUpdate: string;
  localId: string;
  amount: string;
  options: Record<string, string>;
};

export const EMPTY_ATTRIBUTE_FORM: AttributeFormValues = {
  title: '',
  counterparty: '',
  contractAt: '',
  validityStartAt: '',
  validityEndAt: '',
  validityEndNoticeAt: '',
  autoUpdate: '0',
  localId: '',
  amount: '',
  options: {},
};

/** The stored 書類情報 as the form shows it: days and amounts as the list shows them (2026/11/18, 1,000,000). */
export function toAttributeForm(a: TDocumentAttribute): AttributeFormValues {
  return {
    title: a.title ?? '',
    counterparty: a.counterparty ?? '',
    contractAt: toDateField(a.contractAt),
    validityStartAt: toDateField(a.validityStartAt),
    validityEndAt: toDateField(a.validityEndAt),
    validityEndNoticeAt: toDateField(a.validityEndNoticeAt),
    autoUpdate: String(a.autoUpdate),
    localId: a.localId ?? '',
    amount: toAmountField(a.amount),
    options: { ...a.options },
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
/** A day as the API stores it when it reads as one; otherwise as typed, for the server to refuse by name. */
const dayOrNull = (s: string) => {
  const day = parseDateInput(s);
  return day.ok ? day.value : orNull(s);
};

/** A client-side check the JSON body cannot carry (a non-number would be sent as null). */
export function amountError(v: AttributeFormValues): string | null {
  return v.amount.trim() === '' || parseAmountInput(v.amount).ok
    ? null
    : '取引金額は 1000000、1,000,000、1000000円 のように0以上の整数で入力してください。';
}

/**
 * Form strings → the API's update. Amounts accept `1,000`, full-width digits, 円 and 万; dates typed as
 * `2026/4/1` or `令和8年4月1日` go as `2026-04-01` (contract japanese-input.ts), one that does not read as a
 * day goes as typed and the server's refusal names the field.
 */
export function toAttributeUpdate(
  v: AttributeFormValues,
  options: TDocumentAttributeOption[],
): TDocumentAttributeUpdate {
  const amount = parseAmountInput(v.amount);
  const enabled = options.filter((o) => o.isEnabled);
  return {
    title: orNull(v.title),
    counterparty: orNull(v.counterparty),
    contractAt: dayOrNull(v.contractAt),
    validityStartAt: dayOrNull(v.validityStartAt),
    validityEndAt: dayOrNull(v.validityEndAt),
    validityEndNoticeAt: dayOrNull(v.validityEndNoticeAt),
    autoUpdate: Number(v.autoUpdate) as 0 | 1 | 2,
    localId: orNull(v.localId),
    amount: amount.ok ? amount.value : null,
    options: Object.fromEntries(enabled.map((o) => [o.id, orNull(v.options[o.id] ?? '')])),
  };
}

type Props = {
  register: UseFormRegister<AttributeFormValues>;
  control: Control<AttributeFormValues>;
  errors: FieldErrors<AttributeFormValues>;
  options: TDocumentAttributeOption[];
  isReadOnly?: boolean;
};

const DATE_FIELDS = [
  ['contractAt', '契約締結日'],
  ['validityStartAt', '契約開始日'],
  ['validityEndAt', '契約終了日'],
  ['validityEndNoticeAt', '解約通知期限'],
] as const;

/** 書類情報 inputs (docs/design.md §2), then the enabled user-defined items (必須 marked). */
export function AttributeFields({ register, control, errors, options, isReadOnly = false }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="管理用タイトル"
        {...register('title')}
        error={errors.title?.message}
        readOnly={isReadOnly}
      />
      <TextInput
        label="契約相手の名称"
        {...register('counterparty')}
        error={errors.counterparty?.message}
        readOnly={isReadOnly}
      />
      {DATE_FIELDS.map(([name, label]) => (
        <TextInput
          key={name}
          label={label}
          placeholder="2026/04/01"
          {...register(name)}
          error={errors[name]?.message}
          readOnly={isReadOnly}
        />
      ))}
      <Controller
        control={control}
        name="autoUpdate"
        render={({ field }) => (
          <Select
            label="自動更新の有無"
            data={Object.entries(AUTO_UPDATE_LABELS).map(([value, label]) => ({ value, label }))}
            value={field.value}
            onChange={(v) => field.onChange(v ?? '0')}
            allowDeselect={false}
            error={errors.autoUpdate?.message}
            readOnly={isReadOnly}
          />
        )}
      />
      <TextInput
        label="管理番号"
        {...register('localId')}
        error={errors.localId?.message}
        readOnly={isReadOnly}
      />
      <TextInput
        label="取引金額（円）"
        inputMode="numeric"
        {...register('amount')}
        error={errors.amount?.message}
        readOnly={isReadOnly}
      />
      {options
        .filter((o) => o.isEnabled)
        .map((o) => (
          <TextInput
            key={o.id}
            label={o.name}
            withAsterisk={o.isRequired}
            {...register(`options.${o.id}`)}
            error={errors.options?.[o.id]?.message}
            readOnly={isReadOnly}
          />
        ))}
    </SimpleGrid>
  );
}
