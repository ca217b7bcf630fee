import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { STATUS_COLORS, fmt, statusLabel } from './labels.ts';

type CountTile = { key: string; label: string; value: number; isAlert: boolean };

/** A run's counts as tiles; a non-zero alert count (errors, conflicts, failures) is shown in red. */
export function CountTiles({
  items,
  cols,
}: {
  items: readonly CountTile[];
  cols: { base: number; sm: number };
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm" aria-label="件数">
      {items.map((i) => (
        <Paper
          key={i.key}
          withBorder
          p="sm"
          radius="md"
          bg={i.isAlert && i.value > 0 ? 'red.0' : 'white'}
          data-testid={`count-${i.key}`}
        >
          <Text size="xs" c="dimmed">
            {i.label}
          </Text>
          <Text fw={700} fz={22} c={i.isAlert && i.value > 0 ? 'red.7' : 'gray.9'}>
            {fmt(i.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** After execution, the applied and failed counts follow the check's counts. */
export function executedTiles(
  m: TBulkManipulation,
  labels: { succeeded: string; failed: string },
): CountTile[] {
  if (m.counts.succeeded === undefined) return [];
  return [
    { key: 'succeeded', label: labels.succeeded, value: m.counts.succeeded ?? 0, isAlert: false },
    { key: 'failed', label: labels.failed, value: m.counts.failed ?? 0, isAlert: true },
  ];
}

export function StatusBadge({ m }: { m: TBulkManipulation }) {
  return (
    <Badge color={STATUS_COLORS[m.status] ?? 'gray'} variant="light" data-testid="status">
      {statusLabel(m)}
    </Badge>
  );
}

/** A progress bar while a job works: rows checked so far, or rows applied out of the executable ones. */
export function RunProgress({ m, unit }: { m: TBulkManipulation; unit: '行' | '件' }) {
  if (m.status === BulkStatus.Uploaded)
    return <ProgressLine label="チェックの順番を待っています…" value={null} />;
  if (m.status === BulkStatus.Checking)
    return (
      <ProgressLine
        label={`ファイルをチェックしています（${fmt(m.processedRows)}行）…`}
        value={null}
      />
    );
  if (m.status === BulkStatus.Processing)
    return <JobProgress verb="実行中" done={m.processedRows} total={m.totalRows} unit={unit} />;
  return null;
}

/**
 * A job's progress as far as it is known: 準備中 while the total is not counted yet (never "0 / 0"), then
 * done / total with the percentage.
 */
export function JobProgress({
  verb,
  done,
  total,
  unit,
}: {
  verb: string;
  done: number;
  total: number;
  unit: string;
}) {
  if (total <= 0) return <ProgressLine label="準備中…" value={null} />;
  return (
    <ProgressLine
      label={`${verb}: ${fmt(done)} / ${fmt(total)}${unit}`}
      value={Math.min(100, (done / total) * 100)}
    />
  );
}

function ProgressLine({ label, value }: { label: string; value: number | null }) {
  return (
    <Stack gap={6} my="md">
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        {value !== null && (
          <Text size="sm" c="dimmed">
            {Math.floor(value)}%
          </Text>
        )}
      </Group>
      <Progress value={value ?? 100} animated striped={value === null} aria-label={label} />
    </Stack>
  );
}

/** The check's counts (one tile per action the target names), then 成功 / 失敗 after execution. */
export function BulkCounts({
  m,
  tiles,
  executed,
  base,
}: {
  m: TBulkManipulation;
  tiles: readonly { key: string; label: string; isAlert: boolean }[];
  executed: { succeeded: string; failed: string };
  base: number;
}) {
  const items = [
    ...tiles.map((t) => ({ ...t, value: m.counts[t.key] ?? 0 })),
    ...executedTiles(m, executed),
  ];
  return <CountTiles items={items} cols={{ base, sm: items.length }} />;
}
