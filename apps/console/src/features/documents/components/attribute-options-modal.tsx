import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DOCUMENT_ATTRIBUTE_OPTIONS_MAX,
  type TDocumentAttributeOptionsUpdate,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAttributeOptions, useReplaceAttributeOptions } from '../api/attribute-options.ts';

type Values = TDocumentAttributeOptionsUpdate;

/** 書類情報の設定 (company admins): the user-defined items — name, 使用する, 必須, order. */
export function AttributeOptionsModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const options = useAttributeOptions();
  const replace = useReplaceAttributeOptions();
  const alert = useAlert('content');
  const form = useForm<Values>({ defaultValues: { documentAttributeOptions: [] } });
  const items = useFieldArray({
    control: form.control,
    name: 'documentAttributeOptions',
    keyName: 'fieldKey',
  });
  const { reset } = form;
  // The form shows once it holds the saved items, never the empty one it starts with.
  const [isFilled, setFilled] = useState(false);
  useEffect(() => {
    if (opened && options.data) {
      setFilled(true);
      reset({
        documentAttributeOptions: options.data.map(({ id, name, isEnabled, isRequired }) => ({
          id,
          name,
          isEnabled,
          isRequired,
        })),
      });
    }
  }, [opened, options.data, reset]);

  const submit = form.handleSubmit(async (v) => {
    try {
      await replace.mutateAsync(v);
      alert.open('書類情報の設定を保存しました。');
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, { fallback: '保存できませんでした。' });
    }
  });
  const errors = form.formState.errors.documentAttributeOptions;

  return (
    <Modal opened={opened} onClose={onClose} title="書類情報の設定" size="lg">
      {options.isError ? (
        <QueryFallback query={options} />
      ) : !isFilled ? (
        <Loader size="sm" aria-label="読み込み中" />
      ) : (
        <form onSubmit={(e) => void submit(e)} aria-label="書類情報の設定">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              書類情報に独自の項目を{DOCUMENT_ATTRIBUTE_OPTIONS_MAX}
              個まで追加できます。名前を変えたり並べ替えたりしても、入力済みの値は残ります。
            </Text>
            {(form.formState.errors.root ?? errors?.root ?? errors) &&
              (errors?.message ?? form.formState.errors.root?.message) && (
                <Alert color="red" role="alert">
                  {errors?.message ?? form.formState.errors.root?.message}
                </Alert>
              )}
            {items.fields.length === 0 && (
              <Text size="sm" c="dimmed">
                項目はまだありません。
              </Text>
            )}
            {items.fields.map((f, i) => (
              <Group
                key={f.fieldKey}
                align="flex-start"
                gap="xs"
                wrap="nowrap"
                data-testid="attribute-option-row"
              >
                <TextInput
                  aria-label={`項目名 ${i + 1}`}
                  placeholder="項目名（20文字まで）"
                  style={{ flex: 1 }}
                  {...form.register(`documentAttributeOptions.${i}.name`)}
                  error={errors?.[i]?.name?.message}
                />
                <Checkbox
                  mt={8}
                  label="使用する"
                  {...form.register(`documentAttributeOptions.${i}.isEnabled`)}
                />
                <Checkbox
                  mt={8}
                  label="必須"
                  {...form.register(`documentAttributeOptions.${i}.isRequired`)}
                />
                <ActionIcon
                  variant="subtle"
                  mt={4}
                  aria-label={`${i + 1}番目を上へ`}
                  disabled={i === 0}
                  onClick={() => items.move(i, i - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  mt={4}
                  aria-label={`${i + 1}番目を下へ`}
                  disabled={i === items.fields.length - 1}
                  onClick={() => items.move(i, i + 1)}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={`${i + 1}番目を削除`}
                  onClick={() => items.remove(i)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group justify="space-between">
              <Button
                variant="light"
                disabled={items.fields.length >= DOCUMENT_ATTRIBUTE_OPTIONS_MAX}
                onClick={() => items.append({ name: '', isEnabled: true, isRequired: false })}
              >
                項目を追加
              </Button>
              <Group>
                <Button variant="default" onClick={onClose}>
                  キャンセル
                </Button>
                <Button type="submit" loading={replace.isPending}>
                  保存
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
