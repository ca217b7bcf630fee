import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { describeError } from '../../lib/error-text.ts';

/** Shown when a page's code could not be loaded even after the one reload (a new deploy, a lost network). */
export const CHUNK_FAILED_MESSAGE =
  '画面の読み込みに失敗しました。新しいバージョンが公開されたか、通信が途切れた可能性があります。画面を再読み込みしてください。';

/**
 * A page that failed as a whole (a render error, its code not loading): an error page inside the layout,
 * so the navigation stays and the screen is never blank.
 */
export function PageError({
  error,
  isChunkFailure = false,
}: {
  error: unknown;
  isChunkFailure?: boolean;
}) {
  const text = describeError(error);
  return (
    <Paper withBorder radius="md" p={40} bg="white" data-testid="page-error" role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={22}>
          {isChunkFailure ? '画面を読み込めませんでした' : text.title}
        </Title>
        <Text size="sm">{isChunkFailure ? CHUNK_FAILED_MESSAGE : text.message}</Text>
        <Group gap="md" mt="xs">
          <Button size="sm" onClick={() => window.location.reload()}>
            再読み込み
          </Button>
          <Button size="sm" variant="default" component="a" href="/">
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
