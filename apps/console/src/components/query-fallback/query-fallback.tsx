import { Group, Loader } from '@mantine/core';
import { PanelError, type PanelErrorProps } from '../error-boundary/panel-error.tsx';

/** The spinner a panel shows while its data loads. */
export function Loading() {
  return (
    <Group justify="center" p="xl">
      <Loader aria-label="読み込み中" />
    </Group>
  );
}

/**
 * What a panel shows until its read succeeds: the spinner while it loads, the reason (with 再試行 where that can
 * help) when it failed. Used as `if (!q.isSuccess) return <QueryFallback query={q} />`, which narrows `q.data`.
 */
export function QueryFallback({
  query,
  ...error
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
} & Pick<PanelErrorProps, 'context' | 'back'>) {
  if (!query.isError) return <Loading />;
  return <PanelError error={query.error} onRetry={() => void query.refetch()} {...error} />;
}
