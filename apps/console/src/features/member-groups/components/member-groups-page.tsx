import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { EntityType, type TMemberGroup } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { useDeleteMemberGroup } from '../api/mutations.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

/** `/member_groups`: 「すべてのメンバー」 first, then the company's groups by name. */
export function MemberGroupsPage() {
  usePageTitle();
  const isAdmin = useIsCompanyAdmin();
  const groups = useMemberGroupList();
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TMemberGroup | null>(null);
  const remove = useDeleteMemberGroup();
  const alert = useAlert('content');

  if (!isAdmin) {
    return (
      <>
        <PageHeader title="メンバーグループ" />
        <Alert color="gray">この画面は組織管理権限を持つメンバーのみ利用できます。</Alert>
      </>
    );
  }
  // Done is said on this page; a failure in the dialog, which stays open.
  const confirmDelete = async (dialog: UseAlert) => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      alert.open(`グループ「${deleting.name}」を削除しました。`);
      setDeleting(null);
    } catch (error) {
      dialog.open({
        message: error instanceof Error ? error.message : '削除できませんでした。',
        type: 'error',
      });
    }
  };

  return (
    <>
      <PageHeader
        title="メンバーグループ"
        description="キャビネットの閲覧権限や自動振り分けは、メンバーグループ単位で設定します。"
        actions={<Button onClick={() => setCreating(true)}>グループを作成</Button>}
      />
      <AlertArea area="content" />
      <Paper withBorder radius="md" bg="white">
        {!groups.isSuccess ? (
          <QueryFallback query={groups} />
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="メンバーグループ一覧">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>グループ名</Table.Th>
                <Table.Th>備考</Table.Th>
                <Table.Th ta="right">メンバー数</Table.Th>
                <Table.Th w={90}>
                  <VisuallyHidden>操作</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.memberGroups.map((g) => (
                <Table.Tr key={g.id} data-testid="group-row">
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
                      {g.type === EntityType.System
                        ? '会社のすべてのメンバーが自動的に所属します。'
                        : g.note}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{g.memberCount.toLocaleString('ja-JP')}名</Table.Td>
                  <Table.Td>
                    {g.type === EntityType.User && (
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        onClick={() => setDeleting(g)}
                        aria-label={`「${g.name}」を削除`}
                      >
                        削除
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <GroupFormModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(g) => void navigate(`/member_groups/${g.id}`)}
      />
      <ConfirmModal
        color="red"
        opened={deleting !== null}
        title="グループを削除"
        message={`グループ「${deleting?.name ?? ''}」を削除します。メンバー自身は削除されませんが、このグループによるキャビネットの閲覧権限と自動振り分けルールはなくなります。よろしいですか？`}
        confirmLabel="削除する"
        loading={remove.isPending}
        onConfirm={(dialog) => void confirmDelete(dialog)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
