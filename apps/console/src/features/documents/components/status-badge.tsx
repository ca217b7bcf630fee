import { Badge } from '@mantine/core';
import { STATUS_COLORS, statusLabel } from '../lib/format.ts';

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
    >
      {statusLabel(status)}
    </Badge>
  );
}
