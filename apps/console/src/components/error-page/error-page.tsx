import type { ReactNode } from 'react';
import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { errorPageMessage } from './error-message.ts';

export type ErrorPageProps = {
  status: number;
  statusMessage?: string | null;
  logo: string;
  logoAlt: string;
  /** The product's top page. */
  homeHref?: string;
  /** What else may help (ログアウト when the session is refused). */
  action?: ReactNode;
};

const HEADINGS: Record<number, string> = {
  401: 'ログイン状態を確認できません',
  403: 'ページを表示できません',
  404: 'ページが見つかりません',
  500: 'エラーが発生しました',
};

/** Spec §2: logo, message, a link to the top page and '前のページに戻る' (one step back in history). */
export function ErrorPage({
  status,
  statusMessage,
  logo,
  logoAlt,
  homeHref = '/',
  action,
}: ErrorPageProps) {
  return (
    // The page's only content: its main landmark (screen readers jump to it; axe "landmark-one-main").
    <Box component="main" data-layout="error-default" mih="100vh" bg="gray.0" py={72} px="md">
      <Paper maw={560} mx="auto" p={40} radius="md" withBorder shadow="xs">
        <Stack gap="lg" align="center" ta="center">
          <Image src={logo} alt={logoAlt} h={32} w="auto" fit="contain" />
          <Text fz={56} fw={700} c="gray.6" lh={1} aria-hidden>
            {status}
          </Text>
          <Title order={1} fz="h3">
            {HEADINGS[status] ?? HEADINGS[500]}
          </Title>
          <Text c="gray.7" data-testid="error-message" style={{ wordBreak: 'break-word' }}>
            {errorPageMessage(status, statusMessage)}
          </Text>
          <Group gap="md" mt="sm" justify="center">
            {action}
            <Button component="a" href={homeHref} variant={action ? 'default' : 'filled'}>
              トップページへ
            </Button>
            <Anchor component="button" type="button" onClick={() => window.history.back()}>
              前のページに戻る
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
