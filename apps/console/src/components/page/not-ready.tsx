import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';

/** Says plainly that a screen's content is not built yet (no fake data). */
export function NotReady({ note }: { note?: string }) {
  return (
    <Paper withBorder radius="md" p={48} bg="white" data-testid="not-ready">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
        </ThemeIcon>
        <Text fw={700} size="lg">
          この画面は現在準備中です。
        </Text>
        <Text size="sm" c="dimmed">
          {note ?? '機能の提供開始までお待ちください。'}
        </Text>
      </Stack>
    </Paper>
  );
}
