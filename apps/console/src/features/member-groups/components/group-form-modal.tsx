import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEMBER_GROUP_NAME_MAX,
  MEMBER_GROUP_NOTE_MAX,
  ZCreateMemberGroupRequest,
  type TCreateMemberGroupRequest,
  type TMemberGroup,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import {
  DISCARD_TYPED,
  StaleSaveNotice,
  useStaleSave,
} from '../../../components/stale-save/index.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateMemberGroup, useUpdateMemberGroup } from '../api/mutations.ts';
import { getMemberGroup } from '../api/get-group.ts';
import { memberGroupKeys } from '../api/keys.ts';

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
  const client = useQueryClient();
  // Edits the group as read when the form opened; a stale save is reloaded keeping what was typed.
  const save = useStaleSave<TMemberGroup>({
    item: group,
    active: opened,
    read: async () => {
      const { memberGroup } = await getMemberGroup(group!.id);
      client.setQueryData(memberGroupKeys.detail(memberGroup.id), memberGroup);
      return memberGroup;
    },
    fields: { name: 'グループ名', note: '備考' },
  });
  const base = save.base ?? group;
  const form = useForm<TCreateMemberGroupRequest>({
    resolver: zodResolver(ZCreateMemberGroupRequest),
    values: { name: base?.name ?? '', note: base?.note ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const close = () => {
    // What was typed and not saved does not come back when the form opens again.
    form.reset(undefined, DISCARD_TYPED);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (group) {
        const { memberGroup } = await update.mutateAsync({
          id: group.id,
          body: values,
          version: save.base?.updatedAt ?? group.updatedAt,
        });
        save.saved(memberGroup);
        alert.open(`グループ「${memberGroup.name}」を更新しました。`);
      } else {
        const { memberGroup } = await create.mutateAsync(values);
        // onCreated opens the new group's page: the message is said there, not on the list left behind.
        alert.open({
          message: `グループ「${memberGroup.name}」を作成しました。`,
          path: onCreated ? `/member_groups/${memberGroup.id}` : undefined,
        });
        onCreated?.(memberGroup);
      }
      close();
    } catch (error) {
      if (group && save.catchStale(error)) return;
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
          {group && <StaleSaveNotice save={save} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              キャンセル
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              // Nothing to save until something changed.
              disabled={Boolean(group) && !form.formState.isDirty}
            >
              {group ? '保存する' : '作成する'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
