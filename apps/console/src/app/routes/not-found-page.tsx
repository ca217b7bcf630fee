import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/title.ts';

/** Spec §2, §8: an unmatched path is a non-fatal 404 shown inside the layout. */
export function Component() {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  usePageTitle('ページが見つかりません');
  return (
    <Paper withBorder radius="md" p={40} bg="white">
      <Stack gap="sm">
        <Title order={1} fz={22}>
          ページが見つかりません
        </Title>
        <Text data-testid="not-found-message">Page not found: {fullPath}</Text>
        <Text size="sm" c="dimmed">
          ご指定のページが見つかりませんでした。URLをご確認ください。
        </Text>
        <Anchor component={Link} to="/" size="sm">
          トップページへ
        </Anchor>
      </Stack>
    </Paper>
  );
}
