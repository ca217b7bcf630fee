import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Paper, Table, VisuallyHidden } from '@mantine/core';
import type { TMemberGroup } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { useDeleteMemberGroup } from '../api/mutations.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { MemberGroupRow } from './member-group-row.tsx';
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
                <MemberGroupRow key={g.id} group={g} onDelete={setDeleting} />
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
