import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type {
  TDocumentAttribute,
  TDocumentAttributeOption,
  TDocumentAttributeUpdate,
} from '@cloudsign/contract';
import { AUTO_UPDATE_LABELS, parseAmountInput } from '@cloudsign/contract';

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

export function toAttributeForm(a: TDocumentAttribute): AttributeFormValues {
  return {
    title: a.title ?? '',
    counterparty: a.counterparty ?? '',
    contractAt: a.contractAt ?? '',
    validityStartAt: a.validityStartAt ?? '',
    validityEndAt: a.validityEndAt ?? '',
    validityEndNoticeAt: a.validityEndNoticeAt ?? '',
    autoUpdate: String(a.autoUpdate),
    localId: a.localId ?? '',
    amount: a.amount === null ? '' : String(a.amount),
    options: { ...a.options },
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** A client-side check the JSON body cannot carry (a non-number would be sent as null). */
export function amountError(v: AttributeFormValues): string | null {
  return v.amount.trim() === '' || parseAmountInput(v.amount).ok
    ? null
    : '取引金額は 1000000、1,000,000、1000000円 のように0以上の整数で入力してください。';
}

/**
 * Form strings → the API's update. Amounts accept `1,000`, full-width digits and 円; dates go as typed
 * (`2026/4/1`, `令和8年4月1日`) and the server reads them (contract japanese-input.ts).
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
    contractAt: orNull(v.contractAt),
    validityStartAt: orNull(v.validityStartAt),
    validityEndAt: orNull(v.validityEndAt),
    validityEndNoticeAt: orNull(v.validityEndNoticeAt),
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
