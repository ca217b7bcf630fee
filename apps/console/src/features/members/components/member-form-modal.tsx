import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  SCIM_OWNED_NOTE,
  rolesShownFor,
  type TMember,
  type TMemberDetail,
} from '@cloudsign/contract';
import { StaleSaveNotice } from '../../../components/stale-save/index.ts';
import { useMemberForm } from '../hooks/use-member-form.ts';
import { MemberFormFields } from './member-form-fields.tsx';

export { SELF_ROLES_REASON } from './member-form-fields.tsx';

type Props = {
  opened: boolean;
  onClose: () => void;
  member?: TMemberDetail | undefined;
  onCreated?: (id: string) => void;
  /** Added to the creation message (the list's 「現在の条件には含まれません」). */
  createdNote?: (user: TMember) => string;
};

/** Create (invite) or edit a member; privileges as checkboxes, locked for yourself with the reason shown. */
export function MemberFormModal(props: Props) {
  const { opened, member } = props;
  const { me, isSelf, isScim, save, form, close, submit, isSaving } = useMemberForm(props);
  const errors = form.formState.errors;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={member ? 'メンバーを編集' : 'メンバーを追加'}
      centered
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {isScim && (
            <Alert color="blue" variant="light" p="xs">
              <Text size="xs">{SCIM_OWNED_NOTE}</Text>
            </Alert>
          )}
          {!member && (
            <Text size="sm" c="dimmed">
              追加したメンバーには、パスワード設定用のリンク（有効期限10日間）をメールでお送りします。
            </Text>
          )}
          <MemberFormFields
            form={form}
            shownRoles={rolesShownFor(me)}
            isSelf={isSelf}
            isScim={isScim}
          />
          {errors.root && (
            <Alert color="red" role="alert">
              {errors.root.message}
            </Alert>
          )}
          {member && <StaleSaveNotice save={save} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              キャンセル
            </Button>
            <Button
              type="submit"
              loading={isSaving}
              // Nothing to save until something changed (an identical save would change nothing anyway).
              disabled={Boolean(member) && !form.formState.isDirty}
            >
              {member ? '保存する' : '追加する'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
