import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export type Crumb = { label: string; to: string };

/**
 * The page's visible heading (h1) with optional description and actions on the right. `crumbs` are the
 * pages above this one (the list it belongs to first): a sub-page always shows the way back.
 */
export function PageHeader({
  title,
  description,
  actions,
  crumbs,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  crumbs?: readonly Crumb[];
}) {
  return (
    <Stack gap={6} mb="lg">
      {crumbs && crumbs.length > 0 && (
        <nav aria-label="パンくずリスト">
          <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
            {crumbs.map((c) => (
              <Anchor key={c.to} component={Link} to={c.to} size="sm">
                {c.label}
              </Anchor>
            ))}
            <Text size="sm" c="dimmed" aria-current="page" truncate="end" maw={480} title={title}>
              {title}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} miw={0}>
          <Title order={1} fz={24} fw={700} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description && (
            // A long name or note wraps anywhere rather than widening the page.
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
