import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { TChangePasswordRequest } from '@cloudsign/contract';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatCount } from '../../../lib/format.ts';
import { useChangePassword } from '../api/account.ts';

const EMPTY: TChangePasswordRequest = { currentPassword: '', password: '', confirmation: '' };

/** パスワードの変更: the server checks every rule (the site's), so its messages land on the fields. */
export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<TChangePasswordRequest>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      form.reset(EMPTY);
    } catch (error) {
      applyServerErrors(error, form.setError, { fallback: 'パスワードを変更できませんでした。' });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm" maw={420}>
        {change.isSuccess && (
          <Alert color="green" role="status">
            パスワードを変更しました。
            {change.data.endedSessions > 0 &&
              `ほかの端末のセッション（${formatCount(change.data.endedSessions)}件）を終了しました。`}
          </Alert>
        )}
        {errors.root && (
          <Alert color="red" role="alert">
            {errors.root.message}
          </Alert>
        )}
        <PasswordInput
          label="現在のパスワード"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordInput
          label="新しいパスワード"
          description="8文字以上の半角英数字・記号で、英字と数字をそれぞれ1文字以上含めてください。"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordInput
          label="新しいパスワード（確認）"
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...form.register('confirmation')}
        />
        <Text size="xs" c="dimmed">
          変更すると、この端末以外のセッションはすべて終了し、送信済みのパスワード再設定メールのリンクは使えなくなります。
        </Text>
        <Group>
          <Button type="submit" loading={change.isPending}>
            パスワードを変更
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
