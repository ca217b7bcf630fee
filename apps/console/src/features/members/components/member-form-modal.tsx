import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEMBER_EMAIL_MAX,
  MEMBER_FURIGANA_MAX,
  MEMBER_NAME_MAX,
  MEMBER_ORGANIZATION_MAX,
  SCIM_OWNED_NOTE,
  ZCreateUserRequest,
  rolesShownFor,
  type TCreateUserRequest,
  type TMember,
  type TMemberDetail,
  memberLabel,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import {
  DISCARD_TYPED,
  StaleSaveNotice,
  useStaleSave,
} from '../../../components/stale-save/index.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCreateMember } from '../api/create-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { getMember } from '../api/get-member.ts';
import { memberKeys } from '../api/keys.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { roleOptionsFor } from '../lib/labels.ts';
import { ROLE_LABELS, type TRole } from '@cloudsign/contract';

/** The fields the edit form shows, named as on the screen (what another admin changed is listed by them). */
const SHOWN_FIELDS = {
  email: 'メールアドレス',
  name: '氏名',
  furigana: 'フリガナ',
  organization: '所属',
  roles: {
    label: '権限',
    format: (roles: unknown) =>
      (roles as TRole[]).map((r) => ROLE_LABELS[r]).join('、') || '（なし）',
  },
};

type Props = {
  opened: boolean;
  onClose: () => void;
  member?: TMemberDetail | undefined;
  onCreated?: (id: string) => void;
  /** Added to the creation message (the list's 「現在の条件には含まれません」). */
  createdNote?: (user: TMember) => string;
};
export const SELF_ROLES_REASON = '自分自身の権限は変更できません。';

/** Create (invite) or edit a member; privileges as checkboxes, locked for yourself with the reason shown. */
export function MemberFormModal({ opened, onClose, member, onCreated, createdNote }: Props) {
  const me = useCurrentUser();
  const isSelf = member?.id === me.id;
  /** The IdP provisions this member: what SCIM sets is shown, not edited. */
  const isScim = member?.source === 'scim';
  const create = useCreateMember();
  const update = useUpdateMember();
  // An edit is opened from the member's drawer and said there; a new member is said on the list's page.
  const alert = useAlert(member ? 'drawer' : 'content');
  const client = useQueryClient();
  // The form edits the member as read when it opened: a save names that version, and a stale one can be
  // reloaded while what was typed stays (keepDirtyValues).
  const save = useStaleSave<TMemberDetail>({
    item: member,
    active: opened,
    read: async () => {
      const { user } = await getMember(member!.id);
      client.setQueryData(memberKeys.detail(user.id), user);
      return user;
    },
    fields: SHOWN_FIELDS,
  });
  const base = save.base ?? member;
  const form = useForm<TCreateUserRequest>({
    resolver: zodResolver(ZCreateUserRequest),
    values: {
      email: base?.email ?? '',
      name: base?.name ?? '',
      furigana: base?.furigana ?? '',
      organization: base?.organization ?? '',
      roles: base?.roles ?? [],
    },
    resetOptions: { keepDirtyValues: true },
  });
  const close = () => {
    // What was typed and not saved does not come back when the form opens again.
    form.reset(undefined, DISCARD_TYPED);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (member) {
        const body = isSelf
          ? {
              email: values.email,
              name: values.name,
              furigana: values.furigana,
              organization: values.organization,
            }
          : values;
        const { user } = await update.mutateAsync({
          id: member.id,
          body,
          version: String(save.version ?? member.updatedAt),
        });
        save.saved(user);
        alert.open(`「${memberLabel(user)}」を更新しました。`);
      } else {
        const { user } = await create.mutateAsync(values);
        alert.open(
          `「${memberLabel(user)}」を追加し、パスワード設定メールを送信しました。${createdNote?.(user) ?? ''}`,
        );
        onCreated?.(user.id);
      }
      close();
    } catch (error) {
      if (member && save.catchStale(error)) return;
      applyServerErrors(error, form.setError, { field: 'top' });
    }
  });
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
          <TextInput
            label="メールアドレス"
            required
            maxLength={MEMBER_EMAIL_MAX}
            type="email"
            {...form.register('email')}
            readOnly={isScim}
            error={errors.email?.message}
            data-autofocus
          />
          <TextInput
            label="氏名"
            maxLength={MEMBER_NAME_MAX}
            {...form.register('name')}
            readOnly={isScim}
            error={errors.name?.message}
          />
          <TextInput
            label="フリガナ"
            description="ひらがなで入力してもカタカナで保存します。氏名の並び順に使います。"
            maxLength={MEMBER_FURIGANA_MAX}
            {...form.register('furigana')}
            error={errors.furigana?.message}
          />
          <TextInput
            label="所属"
            maxLength={MEMBER_ORGANIZATION_MAX}
            {...form.register('organization')}
            readOnly={isScim}
            error={errors.organization?.message}
          />
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <Checkbox.Group
                label="権限"
                description={isSelf ? SELF_ROLES_REASON : undefined}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.roles?.message}
              >
                <Stack gap={6} mt={6}>
                  {roleOptionsFor(rolesShownFor(me)).map((r) => (
                    <Checkbox key={r.value} value={r.value} label={r.label} disabled={isSelf} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
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
              loading={create.isPending || update.isPending}
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
