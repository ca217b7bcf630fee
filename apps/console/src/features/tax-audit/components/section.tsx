import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** One part of the page: a titled, bordered section. */
export function Section(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={props.title} withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.description && (
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
