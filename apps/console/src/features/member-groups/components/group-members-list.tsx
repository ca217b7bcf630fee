import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { type TMember, memberLabel, memberNameOrUnset } from '@cloudsign/contract';
import { VirtualList } from '../../../components/virtual-list/index.ts';
import { useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { useGroupMembers } from '../api/group-members.ts';
import { useRemoveGroupUsers } from '../api/mutations.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

const ROW = 52;

/** The group's members in a virtual list (spec §9 limits); each can be removed from a user group. */
export function GroupMembersList({ groupId, isSystem }: { groupId: string; isSystem: boolean }) {
  const members = useGroupMembers(groupId);
  const remove = useRemoveGroupUsers();
  const alert = useAlert('content');
  const [removing, setRemoving] = useState<TMember | null>(null);
  if (!members.isSuccess) return <QueryFallback query={members} />;
  // Done is said on the page; a failure in the dialog, which stays open.
  const confirm = async (dialog: UseAlert) => {
    if (!removing) return;
    try {
      const { removed } = await remove.mutateAsync({ id: groupId, userIds: [removing.id] });
      alert.open(`「${memberLabel(removing)}」をグループから外しました（${removed}名）。`);
      setRemoving(null);
    } catch (error) {
      dialog.open({
        message: error instanceof Error ? error.message : '外せませんでした。',
        type: 'error',
      });
    }
  };
  return (
    <>
      <Text
        size="sm"
        px="md"
        py="xs"
        data-testid="group-member-total"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {members.data.total.toLocaleString('ja-JP')}名
      </Text>
      {members.data.members.length === 0 ? (
        <Text p="xl" ta="center" c="dimmed">
          このグループにはまだメンバーがいません。
        </Text>
      ) : (
        <VirtualList
          items={members.data.members}
          itemSize={ROW}
          getKey={(m) => m.id}
          height="calc(100vh - 380px)"
          aria-label="グループのメンバー"
          renderItem={(m) => (
            <Group
              h={ROW}
              px="md"
              justify="space-between"
              wrap="nowrap"
              data-testid="group-member-row"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate title={m.name || undefined}>
                  {memberNameOrUnset(m.name)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {m.email}
                </Text>
              </div>
              {!isSystem && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(m)}
                  aria-label={`「${memberLabel(m)}」をグループから外す`}
                >
                  外す
                </Button>
              )}
            </Group>
          )}
        />
      )}
      <ConfirmModal
        color="red"
        opened={removing !== null}
        title="グループから外す"
        message={`「${removing?.name || removing?.email || ''}」をこのグループから外します。よろしいですか？`}
        confirmLabel="外す"
        loading={remove.isPending}
        onConfirm={(dialog) => void confirm(dialog)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
