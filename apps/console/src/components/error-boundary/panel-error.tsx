import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { describeError, type ErrorContext } from '../../lib/error-text.ts';

export type PanelErrorProps = {
  /** The failure (a query's `error`); without it the panel only says it could not be shown. */
  error?: unknown;
  onRetry?: () => void;
  /** e.g. 「この一括操作は見つかりません」 for a 404, and the privilege a 403 lacks. */
  context?: ErrorContext;
  /** Where to go instead when retrying cannot help (the list the thing belongs to). */
  back?: { to: string; label: string };
};

/** A panel that failed: says what went wrong; the rest of the page keeps working. */
export function PanelError({ error, onRetry, context, back }: PanelErrorProps) {
  const text = describeError(error, context);
  return (
    <Alert color="red" title={text.title} role="alert" data-testid="panel-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text.message}</Text>
        {onRetry && text.isTransient && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            再試行
          </Button>
        )}
        {back && (
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
