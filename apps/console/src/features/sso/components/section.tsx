import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** One titled block of the SSO page; the title names the region for screen readers and tests. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="md" p="lg" bg="white">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
