import type { UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import {
  MEMBER_EMAIL_MAX,
  MEMBER_FURIGANA_MAX,
  MEMBER_NAME_MAX,
  MEMBER_ORGANIZATION_MAX,
  type TCreateUserRequest,
  type TRole,
} from '@cloudsign/contract';
import { roleOptionsFor } from '../lib/labels.ts';

export const SELF_ROLES_REASON = '自分自身の権限は変更できません。';

/**
 * The member's fields. What SCIM sets is read only (フリガナ is not among it); privileges are the ones the
 * signed-in admin may see, locked with the reason for yourself.
 */
export function MemberFormFields({
  form,
  shownRoles,
  isSelf,
  isScim,
}: {
  form: UseFormReturn<TCreateUserRequest>;
  shownRoles: readonly TRole[];
  isSelf: boolean;
  isScim: boolean;
}) {
  const errors = form.formState.errors;
  return (
    <>
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
              {roleOptionsFor(shownRoles).map((r) => (
                <Checkbox key={r.value} value={r.value} label={r.label} disabled={isSelf} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      />
    </>
  );
}
