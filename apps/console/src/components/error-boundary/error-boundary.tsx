import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { logger } from '../../lib/logger.ts';

type Props = {
  children: ReactNode;
  /** Rendered instead of the children after an error; gets a reset that retries rendering. */
  fallback?: (error: Error, reset: () => void) => ReactNode;
  /** Where the boundary sits, for the log. */
  scope: string;
};
type State = { error: Error | null };

/** Catches render errors of its subtree and logs them (STYLE.md: boundaries at app, route and panel). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logger.error(`画面の表示中にエラーが発生しました（${this.props.scope}）`, error, {
      componentStack: info.componentStack,
    });
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(error, this.reset)
    ) : (
      <PanelError onRetry={this.reset} />
    );
  }
}

/** A panel that failed: the rest of the page keeps working. */
export function PanelError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert color="red" title="この部分を表示できませんでした" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          時間をおいて、もう一度お試しください。解決しない場合は画面を再読み込みしてください。
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            再試行
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Wrap one panel (a list, a side card) so its failure stays inside it. */
export function PanelErrorBoundary({
  children,
  name = 'panel',
}: {
  children: ReactNode;
  name?: string;
}) {
  return <ErrorBoundary scope={name}>{children}</ErrorBoundary>;
}
