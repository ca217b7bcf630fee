import { Button, Group, Text } from '@mantine/core';
import type { FileKind } from './file-documents-modal.tsx';

/**
 * What a cabinet admin may do with the selected documents. A system cabinet's documents cannot be moved
 * or taken out, only added to another cabinet; adding needs ticked rows (not every match).
 */
export function SelectionActions({
  selectedCount,
  tickedCount,
  isEstimated,
  isSystem,
  onAction,
  onClear,
}: {
  selectedCount: number;
  tickedCount: number;
  isEstimated: boolean;
  isSystem: boolean;
  onAction: (kind: FileKind) => void;
  onClear: () => void;
}) {
  return (
    <Group gap="xs">
      <Text size="sm" data-testid="selected-count">
        {selectedCount.toLocaleString('ja-JP')}件{isEstimated ? '以上' : ''}
        を選択中
      </Text>
      {!isSystem && (
        <Button
          size="xs"
          variant="light"
          disabled={selectedCount === 0}
          onClick={() => onAction('move')}
        >
          別のキャビネットへ移動
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        disabled={tickedCount === 0}
        onClick={() => onAction('copy')}
      >
        {isSystem ? 'キャビネットに追加' : '別のキャビネットへコピー'}
      </Button>
      {!isSystem && (
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={selectedCount === 0}
          onClick={() => onAction('remove')}
        >
          このキャビネットから外す
        </Button>
      )}
      {selectedCount > 0 && (
        <Button size="xs" variant="subtle" onClick={onClear}>
          選択を解除
        </Button>
      )}
    </Group>
  );
}
