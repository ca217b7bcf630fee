import { memo } from 'react';
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { ROLE_LABELS, type TMember } from '@cloudsign/contract';
import { STATUS_COLORS, statusLabel } from '../lib/labels.ts';

export const MEMBER_ROW_HEIGHT = 56;

/** One member in the list; the whole row opens the detail drawer. Memoised: scrolling re-renders the list. */
export const MemberRow = memo(function MemberRow({
  member,
  onOpen,
  isSelected,
}: {
  member: TMember;
  onOpen: (id: string) => void;
  isSelected: boolean;
}) {
  return (
    <UnstyledButton
      onClick={() => onOpen(member.id)}
      w="100%"
      h={MEMBER_ROW_HEIGHT}
      px="md"
      data-testid="member-row"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: isSelected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" truncate title={member.name || undefined}>
            {member.name || '（氏名未設定）'}
            {/* Beside the name, small: the row keeps its fixed height (the list is virtualised). */}
            {member.furigana && (
              <Text span size="xs" fw={400} c="dimmed" ml={8} data-testid="member-furigana">
                {member.furigana}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {member.email}
            {member.organization ? ` ・ ${member.organization}` : ''}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          {member.roles.map((r) => (
            <Badge key={r} size="xs" variant="light" color="blue">
              {ROLE_LABELS[r]}
            </Badge>
          ))}
        </Group>
        <Badge size="sm" variant="dot" color={STATUS_COLORS[member.status]} w={150}>
          {statusLabel(member.status)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
});
