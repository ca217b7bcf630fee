import { Button, Group, Table } from '@mantine/core';
import { memberNameOrUnset, type TQueuedDeactivation } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The held deactivations, one row each with its own 適用する and 取り消す. */
export function QueuedDeactivationsTable({
  queued,
  onDecide,
}: {
  queued: readonly TQueuedDeactivation[];
  onDecide: (decision: { action: 'apply' | 'cancel'; rows: TQueuedDeactivation[] }) => void;
}) {
  return (
    <Table striped highlightOnHover aria-label="保留中の利用停止" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">氏名</Table.Th>
          <Table.Th w="28%">メールアドレス</Table.Th>
          <Table.Th w={150}>求められた日時</Table.Th>
          <Table.Th>トークン</Table.Th>
          <Table.Th w={190} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {queued.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td style={ELLIPSIS} title={memberNameOrUnset(r.member.name)}>
              {memberNameOrUnset(r.member.name)}
            </Table.Td>
            <Table.Td style={ELLIPSIS} title={r.member.email}>
              {r.member.email}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.requestedAt)}</Table.Td>
            <Table.Td style={ELLIPSIS} title={r.tokenName}>
              {r.tokenName || '—'}
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap" justify="flex-end">
                <Button
                  size="compact-sm"
                  aria-label={`${r.member.email}の利用停止を適用する`}
                  onClick={() => onDecide({ action: 'apply', rows: [r] })}
                >
                  適用する
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`${r.member.email}の利用停止を取り消す`}
                  onClick={() => onDecide({ action: 'cancel', rows: [r] })}
                >
                  取り消す
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
