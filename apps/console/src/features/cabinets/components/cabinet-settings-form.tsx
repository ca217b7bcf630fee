import { useEffect } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EntityType,
  CABINET_NOTE_MAX,
  ZUpdateCabinetRequest,
  type TCabinet,
  type TUpdateCabinetRequest,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { useUpdateCabinet } from '../api/update-cabinet.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

/** Name and note (the system cabinet's are fixed). */
export function CabinetSettingsForm({ cabinet }: { cabinet: TCabinet }) {
  const update = useUpdateCabinet(cabinet.id);
  const alert = useAlert('content');
  const form = useForm<TUpdateCabinetRequest>({
    resolver: zodResolver(ZUpdateCabinetRequest),
    defaultValues: { name: cabinet.name, note: cabinet.note },
  });
  useEffect(
    () => form.reset({ name: cabinet.name, note: cabinet.note }),
    [cabinet.name, cabinet.note, form],
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      alert.open('キャビネット名と備考を保存しました。');
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  const isSystem = cabinet.type === EntityType.System;
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            名前と備考
          </Title>
          {isSystem && (
            <Text size="sm" c="dimmed">
              「すべての書類」は会社のすべての書類を含むシステムのキャビネットです。名前と備考は変更できません。
            </Text>
          )}
          <TextInput
            label="キャビネット名"
            maxLength={100}
            disabled={isSystem}
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <Textarea
            label="備考"
            autosize
            minRows={2}
            maxLength={CABINET_NOTE_MAX}
            disabled={isSystem}
            {...form.register('note')}
            error={form.formState.errors.note?.message}
          />
          {form.formState.errors.root && (
            <Text c="red" size="sm" role="alert">
              {form.formState.errors.root.message}
            </Text>
          )}
          {!isSystem && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
                保存
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
