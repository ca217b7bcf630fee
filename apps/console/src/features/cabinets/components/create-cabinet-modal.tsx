import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CABINET_NOTE_MAX,
  ZCreateCabinetRequest,
  type TCreateCabinetRequest,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { useCreateCabinet } from '../api/create-cabinet.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

export function CreateCabinetModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCabinet();
  const alert = useAlert('main');
  const form = useForm<TCreateCabinetRequest>({
    resolver: zodResolver(ZCreateCabinetRequest),
    defaultValues: { name: '', note: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const { cabinet } = await create.mutateAsync(values);
      alert.open(`キャビネット「${cabinet.name}」を作成しました。`);
      close();
    } catch (error) {
      applyServerErrors(error, form.setError);
    }
  });
  return (
    <Modal opened={opened} onClose={close} title="キャビネットを作成" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label="キャビネット名"
            required
            maxLength={100}
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            data-autofocus
          />
          <Textarea
            label="備考"
            autosize
            minRows={2}
            maxLength={CABINET_NOTE_MAX}
            {...form.register('note')}
            error={form.formState.errors.note?.message}
          />
          {form.formState.errors.root && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
              {form.formState.errors.root.message}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              キャンセル
            </Button>
            <Button type="submit" loading={create.isPending}>
              作成する
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
