import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROLE_LABELS,
  ZCreateUserRequest,
  memberLabel,
  type TCreateUserRequest,
  type TMember,
  type TMemberDetail,
  type TRole,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { DISCARD_TYPED, useStaleSave } from '../../../components/stale-save/index.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateMember } from '../api/create-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { getMember } from '../api/get-member.ts';
import { memberKeys } from '../api/keys.ts';

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

/**
 * The member form's state and save: a new member is created (invited), an existing one updated on the
 * version read when the form opened; your own privileges are never sent.
 */
export function useMemberForm({
  opened,
  onClose,
  member,
  onCreated,
  createdNote,
}: {
  opened: boolean;
  onClose: () => void;
  member?: TMemberDetail | undefined;
  onCreated?: (id: string) => void;
  createdNote?: (user: TMember) => string;
}) {
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

  return {
    me,
    isSelf,
    isScim,
    save,
    form,
    close,
    submit,
    isSaving: create.isPending || update.isPending,
  };
}
