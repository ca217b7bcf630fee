import { Badge, Group } from '@mantine/core';
import { EntityType, type TAccessReason } from '@cloudsign/contract';

/** Why a member may read a cabinet, in words an admin reads at a glance. */
export const reasonLabel = (r: TAccessReason) =>
  r.kind === 'company_admin'
    ? '組織管理権限'
    : r.kind === 'cabinet_admin'
      ? 'このキャビネットの管理者'
      : r.group.type === EntityType.System
        ? `「${r.group.name}」（全員）のメンバー`
        : `グループ「${r.group.name}」のメンバー`;

const colorOf = (r: TAccessReason) =>
  r.kind === 'company_admin' ? 'grape' : r.kind === 'cabinet_admin' ? 'orange' : 'blue';

export function ReasonBadges({ reasons }: { reasons: readonly TAccessReason[] }) {
  return (
    <Group gap={6}>
      {reasons.map((r) => (
        <Badge
          key={r.kind === 'group' ? r.group.id : r.kind}
          color={colorOf(r)}
          variant="light"
          radius="sm"
          tt="none"
        >
          {reasonLabel(r)}
        </Badge>
      ))}
    </Group>
  );
}
