import { Link } from 'react-router';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TDocumentAttributeUpdate } from '@cloudsign/contract';
import { ImportFileRow, type ImportItem } from './import-file-row.tsx';

/** The chosen PDFs, each with its attributes and state; the summary, and the button that starts the upload. */
export function ImportFileList({
  items,
  cabinetId,
  isRunning,
  onStart,
  onAttributes,
  onRemove,
}: {
  items: ImportItem[];
  cabinetId: string | null;
  isRunning: boolean;
  onStart: () => void;
  onAttributes: (key: string, attributes: TDocumentAttributeUpdate | null) => void;
  onRemove: (key: string) => void;
}) {
  const done = items.filter((it) => it.state === 'done');
  const failed = items.filter((it) => it.state === 'failed');
  const waiting = items.filter((it) => it.state === 'waiting');
  const isFinished = !isRunning && items.length > 0 && waiting.length === 0;
  return (
    <Paper withBorder radius="md" bg="white" p="md">
      <Stack gap="xs" aria-label="インポートするファイル">
        {items.map((it) => (
          <ImportFileRow
            key={it.key}
            item={it}
            isLocked={isRunning || it.state !== 'waiting'}
            onAttributes={(attributes: TDocumentAttributeUpdate | null) =>
              onAttributes(it.key, attributes)
            }
            onRemove={() => onRemove(it.key)}
          />
        ))}
      </Stack>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="import-summary">
          {isFinished
            ? `完了: ${done.length}件をインポートしました。エラー${failed.length}件。`
            : `${items.length} ファイル`}
        </Text>
        <Group>
          {done.length > 0 && !isRunning && (
            <Button
              component={Link}
              to={`/company/documents?status=13${cabinetId ? `&cabinetId=${cabinetId}` : ''}`}
              variant="light"
            >
              インポートした書類を見る
            </Button>
          )}
          <Button
            onClick={onStart}
            loading={isRunning}
            disabled={!cabinetId || waiting.length === 0}
          >
            インポート開始（{waiting.length}件）
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
