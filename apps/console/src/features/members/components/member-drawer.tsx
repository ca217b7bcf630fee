import { useEffect, useState } from 'react';
import { Divider, Drawer, Stack } from '@mantine/core';
import { memberLabel, type TMemberDetail } from '@cloudsign/contract';
import { AlertArea, AlertScope, useAlert } from '../../../components/alerts/index.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useMember } from '../api/get-member.ts';
import { CONFIRM_LABELS, CONFIRM_TITLES, confirmMessage } from '../lib/member-confirm.ts';
import { useMemberActions } from '../hooks/use-member-actions.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { MemberFormModal } from './member-form-modal.lazy.ts';
import { DeleteMemberModal } from './delete-member-modal.tsx';
import { DeactivateMemberModal } from './deactivate-member-modal.tsx';
import { MemberProfile } from './member-profile.tsx';
import { MemberActionButtons } from './member-action-buttons.tsx';
import { deletedMessage } from '../lib/deleted-message.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

/** The member detail beside the list: groups, privileges, status, MFA, readable cabinets, and actions. */
export function MemberDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const member = useMember(id);
  // Every open Mantine modal closes on Escape: while a form or confirmation is open over the drawer,
  // Escape must close only that one, and focus goes back into the drawer.
  const [isNestedOpen, setNestedOpen] = useState(false);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      closeOnEscape={!isNestedOpen}
      position="right"
      size="md"
      title="メンバーの詳細"
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      {/* One scope per member shown: the drawer speaks only of what was done to this member here. */}
      <AlertScope area="drawer" key={id}>
        <AlertArea area="drawer" />
        {!member.isSuccess ? (
          <QueryFallback query={member} />
        ) : (
          <MemberDetail member={member.data} onDeleted={onClose} onNestedOpen={setNestedOpen} />
        )}
      </AlertScope>
    </Drawer>
  );
}

function MemberDetail({
  member,
  onDeleted,
  onNestedOpen,
}: {
  member: TMemberDetail;
  onDeleted: () => void;
  onNestedOpen: (isOpen: boolean) => void;
}) {
  const me = useCurrentUser();
  const contentAlert = useAlert('content');
  const { confirm, setConfirm, run, isDeactivating, isRunning } = useMemberActions(member);
  const [isEditing, setEditing] = useState(false);
  const isNestedOpen = isEditing || confirm !== null;
  useEffect(() => {
    onNestedOpen(isNestedOpen);
    return () => onNestedOpen(false);
  }, [isNestedOpen, onNestedOpen]);
  const label = memberLabel(member);

  return (
    <Stack gap="md" data-testid="member-detail">
      <MemberProfile member={member} />
      <Divider />
      <MemberActionButtons
        member={member}
        isSelf={member.id === me.id}
        onEdit={() => setEditing(true)}
        onConfirm={setConfirm}
      />
      <MemberFormModal opened={isEditing} onClose={() => setEditing(false)} member={member} />
      <DeleteMemberModal
        opened={confirm === 'delete'}
        member={member}
        onClose={() => setConfirm(null)}
        onDeleted={(result) => {
          contentAlert.open(deletedMessage(label, result));
          setConfirm(null);
          onDeleted();
        }}
      />
      <DeactivateMemberModal
        opened={confirm === 'deactivate'}
        member={member}
        loading={isDeactivating}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmModal
        opened={confirm !== null && confirm !== 'delete' && confirm !== 'deactivate'}
        title={confirm ? CONFIRM_TITLES[confirm] : ''}
        message={confirmMessage(confirm, label, member.email)}
        confirmLabel={confirm ? CONFIRM_LABELS[confirm] : ''}
        color={confirm === 'delete' || confirm === 'deactivate' ? 'red' : 'blue'}
        loading={isRunning}
        onConfirm={(dialog) => void run(dialog)}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
