import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { EntityType, type TMemberGroup } from '@cloudsign/contract';

/** One group of the list: its name (a link to it), note and size; a company's own group can be deleted. */
export function MemberGroupRow({
  group: g,
  onDelete,
}: {
  group: TMemberGroup;
  onDelete: (group: TMemberGroup) => void;
}) {
  return (
    <Table.Tr data-testid="group-row">
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          {/* A long name ends in … with the whole of it on hover, never widening the table. */}
          <Anchor
            component={Link}
            to={`/member_groups/${g.id}`}
            fw={600}
            truncate="end"
            maw={360}
            title={g.name}
          >
            {g.name}
          </Anchor>
          {g.type === EntityType.System && (
            <Badge size="xs" variant="outline" color="gray">
              システム
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text
          size="sm"
          c="dimmed"
          truncate="end"
          maw={420}
          title={g.type === EntityType.System ? undefined : (g.note ?? undefined)}
        >
          {g.type === EntityType.System ? '会社のすべてのメンバーが自動的に所属します。' : g.note}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{g.memberCount.toLocaleString('ja-JP')}名</Table.Td>
      <Table.Td>
        {g.type === EntityType.User && (
          <Button
            size="xs"
            color="red"
            variant="subtle"
            onClick={() => onDelete(g)}
            aria-label={`「${g.name}」を削除`}
          >
            削除
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
