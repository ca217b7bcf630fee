import { useMemo, useState } from 'react';
import { EntityType } from '@cloudsign/contract';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { PanelErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useMemberGroup } from '../api/get-group.ts';
import { useGroupMembers } from '../api/group-members.ts';
import { useDeleteMemberGroup } from '../api/mutations.ts';
import { AddMembersPanel } from './add-members-panel.tsx';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { GroupMembersList } from './group-members-list.tsx';
import { Loading } from '../../../components/query-fallback/query-fallback.tsx';

/** `/member_groups/{id}`: the group, its note, its members (add / remove); rename and delete. */
export function MemberGroupDetailPage({ id }: { id: string }) {
  const isAdmin = useIsCompanyAdmin();
  const group = useMemberGroup(id);
  const members = useGroupMembers(id);
  usePageTitle(group.data?.name);
  const navigate = useNavigate();
  const remove = useDeleteMemberGroup();
  const pageAlert = useAlert('main');
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const memberIds = useMemo(
    () => new Set((members.data?.members ?? []).map((m) => m.id)),
    [members.data],
  );

  if (!isAdmin)
    return <Alert color="gray">この画面は組織管理権限を持つメンバーのみ利用できます。</Alert>;
  if (group.isPending) return <Loading />;
  if (group.isError) {
    const isMissing = isApiError(group.error) && group.error.status === 404;
    // The page keeps its level-one heading when the group cannot be shown (screen readers navigate by it).
    return (
      <>
        <PageHeader title={isMissing ? 'グループが見つかりません' : 'グループを表示できません'} />
        <Alert color="red">
          {isMissing ? 'ご指定のグループが見つかりませんでした。' : group.error.message}
        </Alert>
      </>
    );
  }
  const g = group.data;
  const isSystem = g.type === EntityType.System;
  const confirmDelete = async (dialog: UseAlert) => {
    try {
      await remove.mutateAsync(g.id);
      // Said on the group list, where deleting takes the admin.
      pageAlert.open({ message: `グループ「${g.name}」を削除しました。`, path: '/member_groups' });
      void navigate('/member_groups');
    } catch (error) {
      // Said in the dialog, which stays open: the page behind it is not where the admin is looking.
      dialog.open({
        message: error instanceof Error ? error.message : '削除できませんでした。',
        type: 'error',
      });
    }
  };

  return (
    <>
      <PageHeader
        title={g.name}
        description={
          isSystem
            ? '会社のすべてのメンバーが自動的に所属するシステムグループです。変更・削除はできません。'
            : g.note || '備考はありません。'
        }
        actions={
          !isSystem && (
            <>
              <Button variant="default" onClick={() => setEditing(true)}>
                名前・備考を編集
              </Button>
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                グループを削除
              </Button>
            </>
          )
        }
      />
      <AlertArea area="content" />
      <Stack gap="md">
        {/* The member count is said once, above the list it counts (group-members-list.tsx). */}
        {isSystem && (
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              システム
            </Badge>
          </Group>
        )}
        {!isSystem && <AddMembersPanel groupId={g.id} memberIds={memberIds} />}
        <Paper withBorder radius="md" bg="white">
          <PanelErrorBoundary name="group-members">
            <GroupMembersList groupId={g.id} isSystem={isSystem} />
          </PanelErrorBoundary>
        </Paper>
      </Stack>
      <GroupFormModal opened={isEditing} onClose={() => setEditing(false)} group={g} />
      <ConfirmModal
        color="red"
        opened={isDeleting}
        title="グループを削除"
        message={`グループ「${g.name}」を削除します。メンバー自身は削除されませんが、このグループによるキャビネットの閲覧権限と自動振り分けルールはなくなります。よろしいですか？`}
        confirmLabel="削除する"
        loading={remove.isPending}
        onConfirm={(dialog) => void confirmDelete(dialog)}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}
