import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CABINET_ACCESS_PAGE_SIZE, memberNameOrUnset } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { useCabinetAccess } from '../api/find-cabinet-access.ts';
import { ReasonBadges } from './reason-badges.tsx';

/**
 * 「アクセスできる人」: every member who can read this cabinet's documents and why — through which
 * group, as its admin, or as a company admin (no peer console explains access, ours does).
 */
export function AccessPanel({ cabinetId }: { cabinetId: string }) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [page, setPage] = useState(1);
  const access = useCabinetAccess(cabinetId, { page, keyword: debounced });
  const total = access.data?.total ?? 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="white"
      aria-labelledby="access-title"
      data-testid="access-panel"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz={18} id="access-title">
            アクセスできる人
          </Title>
          <Text size="sm" c="dimmed">
            このキャビネットの書類を閲覧できるメンバーと、その理由です。理由は、閲覧できるメンバーグループへの所属、このキャビネットの管理者、組織管理権限のいずれかです。
          </Text>
          <Text size="sm" c="dimmed" data-testid="access-rules">
            このキャビネットの管理者は、ここにある書類の書類情報を編集できます。そのため書類を追加・移動できるのは、その書類をすでに編集できるメンバー（管理しているキャビネットにある書類）と組織管理権限を持つメンバーだけです。閲覧だけできる書類は追加できません。他のメンバーの書類を集める自動振り分けルールは、組織管理権限を持つメンバーだけが設定できます。
          </Text>
        </div>
        <Group justify="space-between">
          <TextInput
            placeholder="氏名・メールアドレスで絞り込み"
            aria-label="アクセスできる人を絞り込み"
            value={keyword}
            onChange={(e) => {
              setKeyword(e.currentTarget.value);
              setPage(1);
            }}
            w={320}
          />
          <Text size="sm" c="dimmed" data-testid="access-total">
            {total.toLocaleString('ja-JP')}名
          </Text>
        </Group>
        {access.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label="読み込み中" />
          </Group>
        ) : access.isError ? (
          <PanelError error={access.error} onRetry={() => void access.refetch()} />
        ) : access.data.members.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg">
            該当するメンバーはいません。
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="アクセスできる人">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">メンバー</Table.Th>
                <Table.Th>閲覧できる理由</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.data.members.map((m) => (
                <Table.Tr key={m.id} data-testid="access-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {memberNameOrUnset(m.name)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ReasonBadges reasons={m.reasons} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {total > CABINET_ACCESS_PAGE_SIZE && (
          <Group justify="center">
            <Pagination
              total={Math.ceil(total / CABINET_ACCESS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
