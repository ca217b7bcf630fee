import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { EntityType, type TCabinet, memberLabel } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useCabinets } from '../api/find-cabinets.ts';
import { CreateCabinetModal } from './create-cabinet-modal.tsx';
import { DeleteCabinetModal } from './delete-cabinet-modal.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

/** `/cabinets`: the cabinets the caller may access, with counts, reader groups and admins. */
export function CabinetsPage() {
  usePageTitle();
  const isAdmin = useIsCompanyAdmin();
  const cabinets = useCabinets();
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TCabinet | null>(null);

  return (
    <>
      <PageHeader
        title="キャビネット"
        description="書類を整理するフォルダです。閲覧できるメンバーグループと管理者をキャビネットごとに設定できます。"
        actions={isAdmin && <Button onClick={() => setCreating(true)}>キャビネットを作成</Button>}
      />
      <Paper withBorder radius="md" bg="white">
        {!cabinets.isSuccess ? (
          <QueryFallback query={cabinets} />
        ) : cabinets.data.cabinets.length === 0 ? (
          <Text p="xl" ta="center" c="dimmed">
            閲覧できるキャビネットはありません。
          </Text>
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="キャビネット一覧">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>キャビネット名</Table.Th>
                <Table.Th ta="right">書類数</Table.Th>
                <Table.Th>閲覧できるメンバーグループ</Table.Th>
                <Table.Th>管理者</Table.Th>
                {isAdmin && (
                  <Table.Th w={90}>
                    <VisuallyHidden>操作</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cabinets.data.cabinets.map((c) => (
                <Table.Tr key={c.id} data-testid="cabinet-row">
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      {/* A long name ends in … with the whole of it on hover, never widening the table. */}
                      <Anchor
                        component={Link}
                        to={`/cabinets/${c.id}`}
                        fw={600}
                        truncate="end"
                        maw={360}
                        title={c.name}
                      >
                        {c.name}
                      </Anchor>
                      {c.type === EntityType.System && (
                        <Badge size="xs" variant="outline" color="gray">
                          システム
                        </Badge>
                      )}
                    </Group>
                    {c.note && (
                      <Text size="xs" c="dimmed" truncate="end" maw={360} title={c.note}>
                        {c.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="cabinet-count" style={{ whiteSpace: 'nowrap' }}>
                    {c.documentCount.toLocaleString('ja-JP')}件
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {c.memberGroups.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        c.memberGroups.map((g) => (
                          <Badge key={g.id} variant="light" radius="sm" tt="none">
                            {g.name}
                          </Badge>
                        ))
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {c.admins.length === 0 ? '—' : c.admins.map((a) => memberLabel(a)).join('、')}
                    </Text>
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      {c.type === EntityType.User && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(c)}
                        >
                          削除
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <CreateCabinetModal opened={isCreating} onClose={() => setCreating(false)} />
      <DeleteCabinetModal cabinet={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
