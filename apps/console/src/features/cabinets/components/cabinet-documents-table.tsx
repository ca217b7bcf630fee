import { Checkbox, Table, Text } from '@mantine/core';
import { DOCUMENT_STATUS_LABELS, type TDocumentListItem } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { staleRowsProps } from '../../../lib/stale-rows.ts';

/** One page of the cabinet's documents; the tick column only for those who may manage the cabinet. */
export function CabinetDocumentsTable({
  rows,
  isStale,
  canManage,
  selected,
  allOnPage,
  onToggle,
  onTogglePage,
}: {
  rows: readonly TDocumentListItem[];
  isStale: boolean;
  canManage: boolean;
  selected: ReadonlySet<string>;
  allOnPage: boolean;
  onToggle: (id: string) => void;
  onTogglePage: () => void;
}) {
  return (
    <Table
      verticalSpacing="xs"
      aria-label="キャビネットの書類"
      highlightOnHover
      // A tick on the previous search's rows would select documents the new one does not list.
      {...staleRowsProps(isStale)}
    >
      <Table.Thead>
        <Table.Tr>
          {canManage && (
            <Table.Th w={40}>
              <Checkbox
                aria-label="このページの書類をすべて選択"
                checked={allOnPage}
                onChange={onTogglePage}
              />
            </Table.Th>
          )}
          <Table.Th>タイトル</Table.Th>
          <Table.Th>相手先</Table.Th>
          <Table.Th>ステータス</Table.Th>
          <Table.Th>送信者</Table.Th>
          <Table.Th>更新日時</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.id} data-testid="document-row">
            {canManage && (
              <Table.Td>
                <Checkbox
                  aria-label={`${d.title} を選択`}
                  checked={selected.has(d.id)}
                  onChange={() => onToggle(d.id)}
                />
              </Table.Td>
            )}
            <Table.Td>
              <Text size="sm" fw={600} truncate="end" maw={360} title={d.title}>
                {d.title}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" truncate="end" maw={220} title={d.counterparty ?? undefined}>
                {d.counterparty ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{DOCUMENT_STATUS_LABELS[d.status] ?? d.status}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" truncate="end" maw={160} title={d.senderName || undefined}>
                {d.senderName || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDateTime(d.updatedAt)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
