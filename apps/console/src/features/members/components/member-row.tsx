import { memo } from 'react';
import { Link } from 'react-router';
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { ROLE_LABELS, type TMember, memberNameOrUnset } from '@cloudsign/contract';
import { STATUS_COLORS, lastSignInLabel, statusLabel } from '../lib/labels.ts';
import { openOnSpace } from '../../../lib/row-link.ts';

export const MEMBER_ROW_HEIGHT = 56;

/**
 * One member in the list; the whole row is a link to the list with his drawer open (`memberId`), so a click
 * opens it even before the console has hydrated a page the site rendered. Memoised: scrolling re-renders
 * the list.
 */
export const MemberRow = memo(function MemberRow({
  member,
  href,
  isSelected,
  isOutsideConditions = false,
}: {
  member: TMember;
  href: string;
  isSelected: boolean;
  /** Just created and shown although he does not meet the list's conditions (spec §4). */
  isOutsideConditions?: boolean;
}) {
  return (
    <UnstyledButton
      component={Link}
      to={href}
      onKeyDown={openOnSpace}
      display="block"
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
            {memberNameOrUnset(member.name)}
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
        {isOutsideConditions && (
          <Badge size="sm" variant="outline" color="orange" data-testid="member-outside">
            現在の条件には含まれません
          </Badge>
        )}
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          {member.roles.map((r) => (
            <Badge key={r} size="xs" variant="light" color="blue">
              {ROLE_LABELS[r]}
            </Badge>
          ))}
        </Group>
        <div style={{ width: 130, flexShrink: 0 }} data-testid="member-last-sign-in">
          <Text size="xs" c="dimmed">
            最終ログイン
          </Text>
          <Text size="sm" c={member.lastSignInAt ? undefined : 'dimmed'}>
            {lastSignInLabel(member.lastSignInAt)}
          </Text>
        </div>
        <Badge size="sm" variant="dot" color={STATUS_COLORS[member.status]} w={150}>
          {statusLabel(member.status)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
});
