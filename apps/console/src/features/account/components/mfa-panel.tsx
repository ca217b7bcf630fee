import { Alert, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useNewMfaSecret, useReRegisterMfa } from '../api/account.ts';
import { BackupCodes } from './backup-codes.tsx';

type Fields = { currentCode: string; code: string };

/**
 * 2要素認証の再設定: a new key (QR code or typed), proven by a code from it and, while MFA is on, by the current
 * authenticator or a backup code; then the fresh backup codes, once.
 */
export function MfaPanel() {
  const user = useCurrentUser();
  const hasMfa = user.mfa === 1;
  const secret = useNewMfaSecret();
  const save = useReRegisterMfa();
  const form = useForm<Fields>({ defaultValues: { currentCode: '', code: '' } });
  const { errors } = form.formState;

  if (save.data) return <BackupCodes email={user.email} codes={save.data} />;
  if (!secret.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {hasMfa
            ? '認証アプリを変えるときや、バックアップコードを新しくするときは、再設定してください。'
            : '2要素認証は設定されていません。認証アプリを登録すると、ログイン時に確認コードを入力します。'}
        </Text>
        {secret.isError && (
          <Alert color="red" role="alert">
            {secret.error.message}
          </Alert>
        )}
        <Button variant="default" loading={secret.isPending} onClick={() => secret.mutate()}>
          {hasMfa ? '2要素認証を再設定' : '2要素認証を設定'}
        </Button>
      </Stack>
    );
  }
  const key = secret.data.secret;
  const submit = form.handleSubmit(async (fields) => {
    try {
      await save.mutateAsync({ ...fields, secret: key });
    } catch (error) {
      applyServerErrors(error, form.setError, { fallback: '2要素認証を再設定できませんでした。' });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm">認証アプリで次の QR コードを読み取るか、キーを入力してください。</Text>
        <Image src={secret.data.qrCode} alt="認証アプリで読み取る QR コード" w={200} h={200} />
        <Text size="sm">
          キー:{' '}
          <Text span ff="monospace">
            {key.replace(/(.{4})(?=.)/g, '$1 ')}
          </Text>
        </Text>
        {errors.root && (
          <Alert color="red" role="alert">
            {errors.root.message}
          </Alert>
        )}
        <TextInput
          label="新しい認証アプリの確認コード（6桁）"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...form.register('code')}
        />
        {hasMfa && (
          <TextInput
            label="現在の認証アプリの確認コード、またはバックアップコード"
            autoComplete="off"
            error={errors.currentCode?.message}
            {...form.register('currentCode')}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {hasMfa ? '再設定する' : '設定する'}
          </Button>
          <Button variant="subtle" onClick={() => secret.reset()}>
            やめる
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
