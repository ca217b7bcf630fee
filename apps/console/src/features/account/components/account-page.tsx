import { Alert, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useAccount } from '../api/account.ts';
import { MfaPanel } from './mfa-panel.tsx';
import { PasswordForm } from './password-form.tsx';
import { SessionsPanel } from './sessions-panel.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** `/account`: every member's own name, password, second factor and sessions (issue 32). */
export function AccountPage() {
  usePageTitle();
  const account = useAccount();
  return (
    <>
      <PageHeader title="アカウント設定" />
      {!account.data ? (
        <QueryFallback query={account} />
      ) : (
        <Stack gap="lg">
          <Section title="基本情報">
            <Stack gap="sm" maw={420}>
              <TextInput label="氏名" value={account.data.name} readOnly />
              <TextInput label="メールアドレス" value={account.data.email} readOnly />
              <Text size="xs" c="dimmed">
                {account.data.isSsoManaged
                  ? '氏名とメールアドレスは組織の IdP（シングルサインオン）で管理されています。'
                  : '氏名とメールアドレスの変更は、企業の管理者に依頼してください。'}
              </Text>
            </Stack>
          </Section>
          <Section title="パスワードの変更">
            {account.data.canChangePassword ? (
              <PasswordForm />
            ) : (
              <Alert color="gray">
                この組織ではシングルサインオン（SSO）でログインするため、パスワードは変更できません。
              </Alert>
            )}
          </Section>
          {!account.data.isSsoManaged && (
            <Section title="2要素認証">
              <MfaPanel />
            </Section>
          )}
          <Section title="ログイン中のセッション">
            <SessionsPanel />
          </Section>
        </Stack>
      )}
    </>
  );
}
