import { Table, Text } from '@mantine/core';
import type { TBulkRow } from '@cloudsign/contract';
import { shown, type ColumnValue } from './row-summary.ts';

/** Every column of one row: now → after, changed ones highlighted, each column's errors beside it. */
export function RowDetail({
  row,
  columns,
  values,
}: {
  row: TBulkRow;
  columns: readonly string[];
  values: readonly ColumnValue[];
}) {
  // Errors of columns the file does not have (a missing required column) are listed too.
  const extra = row.errors.filter((e) => !columns.includes(e.column));
  return (
    <Table fz="xs" verticalSpacing={4} layout="fixed" aria-label={`${row.rowNumber}行目の全項目`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">項目</Table.Th>
          <Table.Th w="26%">変更前</Table.Th>
          <Table.Th w="26%">変更後</Table.Th>
          <Table.Th>エラー</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {values.map((v) => {
          const errors = row.errors.filter((e) => e.column === v.column);
          return (
            <Table.Tr
              key={v.column}
              bg={errors.length > 0 ? 'red.0' : v.isChanged ? 'blue.0' : undefined}
              data-column={v.column}
            >
              <Table.Td>{v.column}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(v.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }} fw={v.isChanged ? 700 : undefined}>
                {shown(v.after)}
              </Table.Td>
              <Table.Td>
                {errors.map((e) => (
                  <Text key={e.message} size="xs" c="red.7">
                    {e.message}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          );
        })}
        {extra.map((e) => (
          <Table.Tr key={e.column + e.message} bg="red.0">
            <Table.Td>{e.column}</Table.Td>
            <Table.Td colSpan={2}>{shown(null)}</Table.Td>
            <Table.Td>
              <Text size="xs" c="red.7">
                {e.message}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
