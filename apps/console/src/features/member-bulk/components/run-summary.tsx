import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { BULK_ACTION_LABELS, BulkStatus, type TBulkAction, type TBulkManipulation } from '@cloudsign/contract';
import { STATUS_COLORS, fmt, statusLabel } from './labels.ts';

const COUNTED: TBulkAction[] = ['add', 'update', 'delete', 'unchanged', 'error'];

/** Counts per action (追加 / 更新 / 削除 / 変更なし / エラー), and after execution 成功 / 失敗. */
export function ActionCounts({ m }: { m: TBulkManipulation }) {
  const isExecuted = m.counts.succeeded !== undefined;
  const items = [
    ...COUNTED.map((a) => ({ key: a, label: BULK_ACTION_LABELS[a], value: m.counts[a] ?? 0, isAlert: a === 'error' })),
    ...(isExecuted
      ? [
          { key: 'succeeded', label: '成功', value: m.counts.succeeded ?? 0, isAlert: false },
          { key: 'failed', label: '失敗', value: m.counts.failed ?? 0, isAlert: true },
        ]
      : []),
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: isExecuted ? 7 : 5 }} spacing="sm" aria-label="件数">
      {items.map((i) => (
        <Paper key={i.key} withBorder p="sm" radius="md" bg={i.isAlert && i.value > 0 ? 'red.0' : 'white'} data-testid={`count-${i.key}`}>
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

export function StatusBadge({ m }: { m: TBulkManipulation }) {
  return (
    <Badge color={STATUS_COLORS[m.status] ?? 'gray'} variant="light" data-testid="status">
      {statusLabel(m)}
    </Badge>
  );
}

/** A progress bar while a job works: rows checked, or rows applied out of the executable ones. */
export function RunProgress({ m }: { m: TBulkManipulation }) {
  if (m.status === BulkStatus.Uploaded) return <ProgressLine label="チェックの順番を待っています…" value={null} />;
  if (m.status === BulkStatus.Checking) return <ProgressLine label={`ファイルをチェックしています（${fmt(m.processedRows)}行）…`} value={null} />;
  if (m.status === BulkStatus.Processing) {
    const ratio = m.totalRows > 0 ? (m.processedRows / m.totalRows) * 100 : 0;
    return <ProgressLine label={`実行中: ${fmt(m.processedRows)} / ${fmt(m.totalRows)} 行`} value={ratio} />;
  }
  return null;
}

function ProgressLine({ label, value }: { label: string; value: number | null }) {
  return (
    <Stack gap={6} my="md">
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        {value !== null && <Text size="sm" c="dimmed">{Math.floor(value)}%</Text>}
      </Group>
      <Progress value={value ?? 100} animated striped={value === null} aria-label={label} />
    </Stack>
  );
}
