import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TDocumentDetail } from '@cloudsign/contract';
import { AlertArea, useAlert } from '../../../components/alerts/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAttributeOptions } from '../api/attribute-options.ts';
import { useUpdateAttribute } from '../api/update-attribute.ts';
import {
  AttributeFields,
  amountError,
  toAttributeForm,
  toAttributeUpdate,
  type AttributeFormValues,
} from './attribute-fields.tsx';

/** 書類情報 of one document: editable by company admins and admins of a cabinet holding it (contract). */
export function AttributeForm({ document }: { document: TDocumentDetail }) {
  const options = useAttributeOptions();
  const update = useUpdateAttribute(document.id);
  const alert = useAlert('drawer');
  const form = useForm<AttributeFormValues>({ defaultValues: toAttributeForm(document.attribute) });
  const { reset } = form;
  useEffect(() => reset(toAttributeForm(document.attribute)), [document.attribute, reset]);
  const items = options.data ?? [];

  const submit = form.handleSubmit(async (values) => {
    const bad = amountError(values);
    if (bad) return form.setError('amount', { message: bad });
    try {
      await update.mutateAsync(toAttributeUpdate(values, items));
      alert.open('書類情報を保存しました。');
    } catch (error) {
      applyServerErrors(error, form.setError, { fallback: '保存できませんでした。' });
      // Details that name no field (e.g. a conflict) say less than the error's own message: show that one.
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
              onClick={() => reset(toAttributeForm(document.attribute))}
              disabled={!form.formState.isDirty}
            >
              元に戻す
            </Button>
            <Button type="submit" loading={update.isPending}>
              保存
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
