import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { COUNT_LABELS, STATUS_COLORS, fmt, statusLabel } from './labels.ts';

/** 変更あり / 変更なし / エラー / 競合, and after execution 成功 / 失敗. */
export function Counts({ m }: { m: TBulkManipulation }) {
  const isExecuted = m.counts.succeeded !== undefined;
  const items = [
    ...COUNT_LABELS.map((c): { key: string; label: string; value: number; isAlert: boolean } => ({ key: c.key, label: c.label, value: m.counts[c.key] ?? 0, isAlert: c.isAlert })),
    ...(isExecuted
      ? [
          { key: 'succeeded', label: '反映済み', value: m.counts.succeeded ?? 0, isAlert: false },
          { key: 'failed', label: '反映できなかった', value: m.counts.failed ?? 0, isAlert: true },
        ]
      : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: isExecuted ? 6 : 4 }} spacing="sm" aria-label="件数">
      {items.map((i) => (
        <Paper key={i.key} withBorder p="sm" radius="md" bg={i.isAlert && i.value > 0 ? 'red.0' : undefined} data-testid={`count-${i.key}`}>
          <Text size="xs" c="dimmed">{i.label}</Text>
          <Text fw={700} fz={22} c={i.isAlert && i.value > 0 ? 'red.7' : undefined}>{fmt(i.value)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function StatusBadge({ m }: { m: TBulkManipulation }) {
  return <Badge color={STATUS_COLORS[m.status] ?? 'gray'} variant="light" data-testid="status">{statusLabel(m)}</Badge>;
}

/** While a job works: rows checked so far, or rows applied out of the changed ones. */
export function RunProgress({ m }: { m: TBulkManipulation }) {
  if (m.status === BulkStatus.Uploaded) return <Line label="チェックの順番を待っています…" value={null} />;
  if (m.status === BulkStatus.Checking) return <Line label={`ファイルをチェックしています（${fmt(m.processedRows)}行）…`} value={null} />;
  if (m.status === BulkStatus.Processing) {
    const ratio = m.totalRows > 0 ? (m.processedRows / m.totalRows) * 100 : 0;
    return <Line label={`実行中: ${fmt(m.processedRows)} / ${fmt(m.totalRows)} 件`} value={ratio} />;
  }
  return null;
}

function Line({ label, value }: { label: string; value: number | null }) {
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
