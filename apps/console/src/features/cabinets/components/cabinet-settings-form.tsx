import { Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EntityType,
  CABINET_NOTE_MAX,
  ZUpdateCabinetRequest,
  type TCabinet,
  type TUpdateCabinetRequest,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { StaleSaveNotice, useStaleSave } from '../../../components/stale-save/index.ts';
import { useUpdateCabinet } from '../api/update-cabinet.ts';
import { cabinetQuery } from '../api/get-cabinet.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

/** Name and note (the system cabinet's are fixed). */
export function CabinetSettingsForm({ cabinet }: { cabinet: TCabinet }) {
  const update = useUpdateCabinet(cabinet.id);
  const alert = useAlert('content');
  const client = useQueryClient();
  // The form edits the cabinet as read when the page opened it (a refetch never moves the version it saves
  // on); a stale save is reloaded keeping what was typed.
  const save = useStaleSave<TCabinet>({
    item: cabinet,
    read: () => client.fetchQuery({ ...cabinetQuery(cabinet.id), staleTime: 0 }),
    fields: { name: 'キャビネット名', note: '備考' },
  });
  const base = save.base ?? cabinet;
  const form = useForm<TUpdateCabinetRequest>({
    resolver: zodResolver(ZUpdateCabinetRequest),
    values: { name: base.name, note: base.note },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { cabinet: saved } = await update.mutateAsync({
        body: values,
        version: base.updatedAt,
      });
      save.saved(saved);
      alert.open('キャビネット名と備考を保存しました。');
    } catch (error) {
      if (save.catchStale(error)) return;
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
          <StaleSaveNotice save={save} />
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
