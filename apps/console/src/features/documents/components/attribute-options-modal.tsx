import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  DOCUMENT_ATTRIBUTE_OPTIONS_MAX,
  type TDocumentAttributeOptionsResponse,
  type TDocumentAttributeOptionsUpdate,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { StaleSaveNotice, useStaleSave } from '../../../components/stale-save/index.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import {
  attributeOptionsQuery,
  useReplaceAttributeOptions,
  useVersionedAttributeOptions,
} from '../api/attribute-options.ts';
import { AttributeOptionRow } from './attribute-option-row.tsx';

type Values = TDocumentAttributeOptionsUpdate;
type Saved = TDocumentAttributeOptionsResponse;

const valuesOf = (list: Saved): Values => ({
  documentAttributeOptions: list.documentAttributeOptions.map(
    ({ id, name, isEnabled, isRequired }) => ({ id, name, isEnabled, isRequired }),
  ),
});
const itemLabel = (o: { name: string; isEnabled: boolean; isRequired: boolean }) =>
  `${o.name}${o.isRequired ? '（必須）' : ''}${o.isEnabled ? '' : '（使用しない）'}`;
/** The notice names the list as the settings show it (the list is one thing saved as a whole). */
const SHOWN = {
  documentAttributeOptions: {
    label: '項目',
    format: (v: unknown) => (v as Saved['documentAttributeOptions']).map(itemLabel).join('、'),
  },
};

/** 書類情報の設定 (company admins): the user-defined items — name, 使用する, 必須, order. */
export function AttributeOptionsModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const options = useVersionedAttributeOptions();
  return (
    <Modal opened={opened} onClose={onClose} title="書類情報の設定" size="lg">
      {options.isError ? (
        <QueryFallback query={options} />
      ) : !options.data ? (
        <Loader size="sm" aria-label="読み込み中" />
      ) : (
        // Mounted per opening (the modal drops its content when closed): each opening edits the list as read then.
        <OptionsForm list={options.data} onClose={onClose} />
      )}
    </Modal>
  );
}

/**
 * The list as it was when the modal opened (a background refetch never replaces what is being edited); a save
 * over another admin's change is refused, and 最新の内容を読み込む moves the version on while the list typed
 * here stays as it is, with what the other admin changed listed above it.
 */
function OptionsForm({ list, onClose }: { list: Saved; onClose: () => void }) {
  const client = useQueryClient();
  const replace = useReplaceAttributeOptions();
  const alert = useAlert('content');
  const save = useStaleSave<Saved>({
    item: list,
    read: () => client.fetchQuery({ ...attributeOptionsQuery(), staleTime: 0 }),
    fields: SHOWN,
    versionOf: (l) => l.version,
    keyOf: () => 'documentAttributeOptions',
  });
  const base = save.base ?? list;
  const form = useForm<Values>({ defaultValues: valuesOf(list) });
  const items = useFieldArray({
    control: form.control,
    name: 'documentAttributeOptions',
    keyName: 'fieldKey',
  });
  const typed = useWatch({ control: form.control, name: 'documentAttributeOptions' });
  // Nothing to save while the list is the stored one (names compared as the server trims them).
  const isChanged =
    JSON.stringify(typed.map((o) => ({ ...o, name: o.name.trim() }))) !==
    JSON.stringify(valuesOf(base).documentAttributeOptions);

  const submit = form.handleSubmit(async (v) => {
    try {
      const answer = await replace.mutateAsync({ body: v, version: base.version });
      save.saved(answer);
      alert.open('書類情報の設定を保存しました。');
      onClose();
    } catch (error) {
      if (save.catchStale(error)) return;
      applyServerErrors(error, form.setError, { fallback: '保存できませんでした。' });
    }
  });
  const errors = form.formState.errors.documentAttributeOptions;

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="書類情報の設定">
      <Stack gap="sm">
        <StaleSaveNotice save={save} />
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
          <AttributeOptionRow
            key={f.fieldKey}
            index={i}
            count={items.fields.length}
            register={form.register}
            error={errors?.[i]}
            onMove={items.move}
            onRemove={items.remove}
          />
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
            <Button type="submit" loading={replace.isPending} disabled={!isChanged}>
              保存
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
