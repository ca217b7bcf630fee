import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEMBER_GROUP_NAME_MAX,
  MEMBER_GROUP_NOTE_MAX,
  ZCreateMemberGroupRequest,
  type TCreateMemberGroupRequest,
  type TMemberGroup,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateMemberGroup, useUpdateMemberGroup } from '../api/mutations.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  group?: TMemberGroup;
  onCreated?: (group: TMemberGroup) => void;
};

/** Create a group, or rename it and change its note. */
export function GroupFormModal({ opened, onClose, group, onCreated }: Props) {
  const create = useCreateMemberGroup();
  const update = useUpdateMemberGroup();
  const alert = useAlert('content');
  const form = useForm<TCreateMemberGroupRequest>({
    resolver: zodResolver(ZCreateMemberGroupRequest),
    values: { name: group?.name ?? '', note: group?.note ?? '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (group) {
        const { memberGroup } = await update.mutateAsync({ id: group.id, body: values });
        alert.open(`グループ「${memberGroup.name}」を更新しました。`);
      } else {
        const { memberGroup } = await create.mutateAsync(values);
        alert.open(`グループ「${memberGroup.name}」を作成しました。`);
        onCreated?.(memberGroup);
      }
      close();
    } catch (error) {
      applyServerErrors(error, form.setError, { field: 'top' });
    }
  });
  const errors = form.formState.errors;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={group ? 'グループを編集' : 'グループを作成'}
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label="グループ名"
            required
            maxLength={MEMBER_GROUP_NAME_MAX}
            {...form.register('name')}
            error={errors.name?.message}
            data-autofocus
          />
          <Textarea
            label="備考"
            autosize
            minRows={2}
            maxLength={MEMBER_GROUP_NOTE_MAX}
            {...form.register('note')}
            error={errors.note?.message}
          />
          {errors.root && (
            <Alert color="red" role="alert">
              {errors.root.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              キャンセル
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? '保存する' : '作成する'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
