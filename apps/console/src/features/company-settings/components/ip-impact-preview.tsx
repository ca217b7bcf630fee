import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { ipImpactSentence, type TIpRestrictionPreview } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

/** Who signed in from outside the new ranges in 30 days; saving is offered only after this is shown. */
export function IpImpactPreview(props: {
  preview: TIpRestrictionPreview;
  saving: boolean;
  onSave: () => void;
}) {
  const { preview } = props;
  const rows = preview.members.flatMap((m) => m.addresses.map((a) => ({ member: m, ...a })));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="変更の影響">
      <Stack gap="sm">
        <Alert color={preview.members.length > 0 ? 'yellow' : 'blue'} role="status">
          {ipImpactSentence(preview.members.length)}
          （過去30日のログイン {preview.signIns}件から）
        </Alert>
        {!preview.currentAddressAllowed && (
          <Text size="sm" c="orange">
            いまお使いのIPアドレス（{preview.currentAddress}
            ）は、コンソールの許可するIPアドレスに含まれていません。「制限する」では保存できません。
          </Text>
        )}
        {rows.length > 0 && (
          <Table
            striped
            withTableBorder
            aria-label="許可されていないIPアドレスから利用したメンバー"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>名前</Table.Th>
                <Table.Th>メールアドレス</Table.Th>
                <Table.Th>IPアドレス</Table.Th>
                <Table.Th>最後のログイン</Table.Th>
                <Table.Th>回数</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.member.id}-${r.address}`}>
                  <Table.Td>{r.member.name}</Table.Td>
                  <Table.Td>{r.member.email}</Table.Td>
                  <Table.Td>{r.address}</Table.Td>
                  <Table.Td>{formatDateTime(r.lastAt)}</Table.Td>
                  <Table.Td>{r.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button color="red" loading={props.saving} onClick={props.onSave}>
            この内容で保存
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
