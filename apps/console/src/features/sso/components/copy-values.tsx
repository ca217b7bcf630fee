import { Button, CopyButton, Group, Table, Text } from '@mantine/core';

export type CopyValue = { label: string; value: string; isCopyable?: boolean };

/**
 * Values an admin types into another system (the IdP's settings, the domain's DNS): each shown exactly, in
 * monospace, with a copy button named after what it copies (`of` names whose value it is, e.g. the domain).
 */
export function CopyValues({
  rows,
  labelWidth,
  of = '',
  'aria-label': ariaLabel,
}: {
  rows: CopyValue[];
  labelWidth: number;
  of?: string;
  'aria-label'?: string;
}) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={ariaLabel}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w={labelWidth} fw={500}>
              {row.label}
            </Table.Th>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {row.value}
                </Text>
                {row.isCopyable !== false && (
                  <CopyButton value={row.value}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={copy}
                        aria-label={`${of}${row.label}をコピー`}
                      >
                        {copied ? 'コピーしました' : 'コピー'}
                      </Button>
                    )}
                  </CopyButton>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
