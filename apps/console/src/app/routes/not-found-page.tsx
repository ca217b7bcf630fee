import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/title.ts';
import { NOT_FOUND_MESSAGE } from '../../components/error-page/error-message.ts';

/**
 * Spec §2, §8: an unmatched path is a non-fatal 404 shown inside the layout, in spec §2's Japanese 404 text
 * (spec §8's 'Page not found: {path}' is English: the path is shown after 「URL:」 instead).
 */
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
        <Text size="sm">{NOT_FOUND_MESSAGE}</Text>
        <Text
          size="sm"
          c="dimmed"
          data-testid="not-found-message"
          style={{ overflowWrap: 'anywhere' }}
        >
          URL: {fullPath}
        </Text>
        <Group gap="md" mt="xs">
          <Button component={Link} to="/" size="sm">
            トップページへ
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => window.history.back()}>
            前のページに戻る
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
