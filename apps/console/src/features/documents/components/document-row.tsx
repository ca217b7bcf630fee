import { Link } from 'react-router';
import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { TDocumentListItem } from '@cloudsign/contract';
import { openOnSpace } from '../../../lib/row-link.ts';
import { formatAmount, formatDate } from '../lib/format.ts';
import { listSearch, type ListQuery } from '../lib/list-query.ts';
import { StatusBadge } from './status-badge.tsx';

/** One document of the list: the whole row links to the list with it open; compact drops two columns. */
export function DocumentRow({
  d,
  query,
  isCompact,
}: {
  d: TDocumentListItem;
  query: ListQuery;
  isCompact: boolean;
}) {
  return (
    <Table.Tr
      key={d.id}
      data-testid="document-row"
      bg={d.id === query.documentId ? 'blue.0' : undefined}
      style={{ cursor: 'pointer', position: 'relative' }}
    >
      <Table.Td>
        {/* A link to the list with this document open: a click anywhere on the row follows it
          (the span stretches it over the row), before the console has hydrated the page too. */}
        <UnstyledButton
          component={Link}
          to={`/company/documents${listSearch({ ...query, documentId: d.id })}`}
          onKeyDown={openOnSpace}
          style={{
            display: 'block',
            width: '100%',
            maxWidth: 420,
            whiteSpace: 'normal',
          }}
        >
          <Group gap={8} wrap="nowrap">
            <StatusBadge status={d.status} />
            <Text size="sm" fw={600} truncate="end" title={d.title}>
              {d.title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate="end" title={d.counterparty ?? undefined}>
            {d.counterparty ?? '—'}
          </Text>
          <span aria-hidden style={{ position: 'absolute', inset: 0 }} />
        </UnstyledButton>
      </Table.Td>
      <Table.Td fz="sm">{formatDate(d.contractAt)}</Table.Td>
      {!isCompact && <Table.Td fz="sm">{formatDate(d.validityEndAt)}</Table.Td>}
      <Table.Td fz="sm" ta="right">
        {formatAmount(d.amount)}
      </Table.Td>
      {!isCompact && (
        <Table.Td>
          <Group gap={4}>
            {d.cabinets.map((c) => (
              <Badge key={c.id} variant="outline" color="gray" radius="sm" tt="none" size="sm">
                {c.name}
              </Badge>
            ))}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
