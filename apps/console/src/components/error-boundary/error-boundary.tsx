import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '../../lib/logger.ts';
import { PanelError } from './panel-error.tsx';

export { PanelError } from './panel-error.tsx';

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
      <PanelError error={error} onRetry={this.reset} />
    );
  }
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
