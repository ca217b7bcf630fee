import { Badge, CloseButton, Group } from '@mantine/core';
import { AUDIT_TARGET_TYPES, type TAuditTargetType } from '@cloudsign/contract';
import type { AuditFilter } from '../lib/filter.ts';

/** A member or document chosen elsewhere (「この人の操作履歴」, 「この書類の履歴」), as a removable chip. */
export function AuditFilterChips({
  filter,
  actorName,
  targetName,
  onRemove,
}: {
  filter: AuditFilter;
  actorName?: string;
  targetName?: string;
  /** Takes the chip's conditions away from the filter. */
  onRemove: (cleared: AuditFilter) => void;
}) {
  if (!filter.actorId && !filter.targetId) return null;
  const targetLabel = filter.targetType
    ? (AUDIT_TARGET_TYPES[filter.targetType as TAuditTargetType] ?? filter.targetType)
    : '';
  return (
    <Group gap="xs">
      {filter.actorId && (
        <Badge
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label="操作したメンバーの指定を外す"
              onClick={() => onRemove({ actorId: undefined })}
            />
          }
        >
          操作したメンバー: {actorName || filter.actorId}
        </Badge>
      )}
      {filter.targetId && (
        <Badge
          variant="light"
          color="grape"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label="対象の指定を外す"
              onClick={() => onRemove({ targetType: undefined, targetId: undefined })}
            />
          }
        >
          対象{targetLabel ? `（${targetLabel}）` : ''}: {targetName || filter.targetId}
        </Badge>
      )}
    </Group>
  );
}
