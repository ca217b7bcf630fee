import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { ActionIcon, Checkbox, Group, TextInput } from '@mantine/core';
import type { TDocumentAttributeOptionsUpdate } from '@cloudsign/contract';

type Values = TDocumentAttributeOptionsUpdate;

/** One user-defined item in 書類情報の設定: its name, 使用する, 必須, and moving or removing it. */
export function AttributeOptionRow({
  index: i,
  count,
  register,
  error,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  register: UseFormRegister<Values>;
  error: FieldErrors<Values['documentAttributeOptions'][number]> | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid="attribute-option-row">
      <TextInput
        aria-label={`項目名 ${i + 1}`}
        placeholder="項目名（20文字まで）"
        style={{ flex: 1 }}
        {...register(`documentAttributeOptions.${i}.name`)}
        error={error?.name?.message}
      />
      <Checkbox mt={8} label="使用する" {...register(`documentAttributeOptions.${i}.isEnabled`)} />
      <Checkbox mt={8} label="必須" {...register(`documentAttributeOptions.${i}.isRequired`)} />
      <ActionIcon
        variant="subtle"
        mt={4}
        aria-label={`${i + 1}番目を上へ`}
        disabled={i === 0}
        onClick={() => onMove(i, i - 1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        mt={4}
        aria-label={`${i + 1}番目を下へ`}
        disabled={i === count - 1}
        onClick={() => onMove(i, i + 1)}
      >
        ↓
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        mt={4}
        aria-label={`${i + 1}番目を削除`}
        onClick={() => onRemove(i)}
      >
        ×
      </ActionIcon>
    </Group>
  );
}
