import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TDocumentDetail } from '@cloudsign/contract';
import { AlertArea, useAlert } from '../../../components/alerts/index.ts';
import {
  DISCARD_TYPED,
  StaleSaveNotice,
  useStaleSave,
} from '../../../components/stale-save/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { documentQuery } from '../api/get-document.ts';
import { useUpdateAttribute } from '../api/update-attribute.ts';
import {
  attributeFieldsShown,
  attributeFormOf,
  isAttributeChanged,
  toAttributeView,
} from '../lib/attribute-view.ts';
import {
  AttributeFields,
  amountError,
  toAttributeUpdate,
  type AttributeFormValues,
} from './attribute-fields.tsx';

/**
 * 書類情報 of one document: editable by company admins and admins of a cabinet holding it (contract). The form
 * edits the version it opened with; a save over another admin's change is refused and the notice reloads
 * while keeping what was typed (components/stale-save).
 */
export function AttributeForm({ document }: { document: TDocumentDetail }) {
  const options = useAttributeOptions();
  const update = useUpdateAttribute(document.id);
  const alert = useAlert('drawer');
  const client = useQueryClient();
  const items = useMemo(() => options.data ?? [], [options.data]);
  const view = useMemo(() => toAttributeView(document), [document]);
  const fields = useMemo(() => attributeFieldsShown(items), [items]);
  const save = useStaleSave({
    item: view,
    read: async () =>
      toAttributeView(await client.fetchQuery({ ...documentQuery(document.id), staleTime: 0 })),
    fields,
  });
  const base = save.base ?? view;
  const baseValues = useMemo(() => attributeFormOf(base), [base]);
  const form = useForm<AttributeFormValues>({
    values: baseValues,
    resetOptions: { keepDirtyValues: true },
  });
  const values = useWatch({ control: form.control }) as AttributeFormValues;
  const isChanged = isAttributeChanged({ ...baseValues, ...values }, base, items);

  const submit = form.handleSubmit(async (v) => {
    const bad = amountError(v);
    if (bad) return form.setError('amount', { message: bad });
    try {
      const { document: saved } = await update.mutateAsync({
        body: toAttributeUpdate(v, items),
        version: base.updatedAt,
      });
      const savedView = toAttributeView(saved);
      save.saved(savedView);
      // The form now shows what was saved as the list shows it (2026/11/18, 1,000,000), not what was typed
      // (令和8年11月18日, 100万円), and nothing is left to save. `reset` takes the form's resetOptions
      // (keepDirtyValues, for a reload after a stale save) unless told otherwise: here nothing typed stays.
      form.reset(attributeFormOf(savedView), DISCARD_TYPED);
      alert.open('書類情報を保存しました。');
    } catch (error) {
      if (save.catchStale(error)) return;
      applyServerErrors(error, form.setError, { fallback: '保存できませんでした。' });
      // Details that name no field say less than the error's own message: show that one.
      if (isApiError(error) && error.details.length > 0 && error.details.every((d) => !d.path))
        form.setError('root', { message: error.message });
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="書類情報">
      <Stack gap="sm">
        <AlertArea area="drawer" />
        {!document.canEditAttribute && (
          <Text size="xs" c="dimmed">
            書類情報を編集できるのは、組織管理権限のあるメンバーと、この書類があるキャビネットの管理者です。
          </Text>
        )}
        {form.formState.errors.root && (
          <Alert color="red" role="alert">
            {form.formState.errors.root.message}
          </Alert>
        )}
        <StaleSaveNotice save={save} />
        <AttributeFields
          register={form.register}
          control={form.control}
          errors={form.formState.errors}
          options={items}
          isReadOnly={!document.canEditAttribute}
        />
        {document.canEditAttribute && (
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => form.reset(baseValues, DISCARD_TYPED)}
              disabled={!form.formState.isDirty}
            >
              元に戻す
            </Button>
            {/* Nothing changed, nothing to save (the server would leave the document as it is anyway). */}
            <Button type="submit" loading={update.isPending} disabled={!isChanged}>
              保存
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
