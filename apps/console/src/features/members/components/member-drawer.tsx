import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import {
  MEMBER_SOURCE_LABELS,
  ROLE_LABELS,
  SCIM_OWNED_NOTE,
  canReadAuditLog,
  rolesShownFor,
  type TMemberDetail,
  memberLabel,
  memberNameOrUnset,
} from '@cloudsign/contract';
import { auditLogHref } from '../../../lib/audit-log-link.ts';
import {
  AlertArea,
  AlertScope,
  useAlert,
  type UseAlert,
} from '../../../components/alerts/index.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useMember } from '../api/get-member.ts';
import { useRemindRegister } from '../api/remind-register.ts';
import { useResetMfa } from '../api/reset-mfa.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useDeactivateMember, useRestoreMember } from '../api/member-status.ts';
import {
  MFA_LABELS,
  STATUS_COLORS,
  formatDate,
  lastSignInLabel,
  statusLabel,
} from '../lib/labels.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { MemberFormModal } from './member-form-modal.lazy.ts';
import { ReadableCabinets } from './readable-cabinets.tsx';
import { DeleteMemberModal } from './delete-member-modal.tsx';
import { DeactivateMemberModal } from './deactivate-member-modal.tsx';
import { deletedMessage } from '../lib/deleted-message.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

type Confirm = 'delete' | 'remind' | 'mfa' | 'reset' | 'deactivate' | 'restore' | null;

const CONFIRM_TITLES: Record<NonNullable<Confirm>, string> = {
  delete: 'メンバーを削除',
  remind: '登録メールを再送',
  mfa: '2要素認証をリセット',
  reset: 'パスワード再設定メールを送る',
  deactivate: 'メンバーを利用停止',
  restore: 'メンバーの利用再開',
};
const CONFIRM_LABELS: Record<NonNullable<Confirm>, string> = {
  delete: '削除する',
  remind: '再送する',
  mfa: 'リセットする',
  reset: '送信する',
  deactivate: '利用停止する',
  restore: '利用再開する',
};

/** What each confirmation says, naming the member and the consequences. */
function confirmMessage(confirm: Confirm, label: string, email: string) {
  switch (confirm) {
    case 'remind':
      return `「${label}」にパスワード設定メールを再送します。以前のリンクは使えなくなります。`;
    case 'reset':
      return `「${label}」（${email}）にパスワード再設定メール（有効期限60分）を送ります。このメンバーはすべてのブラウザでログアウトされます。`;
    case 'mfa':
      return `「${label}」の2要素認証をリセットします。このメンバーはすべてのブラウザでログアウトされ、次回ログイン時に設定し直す必要があります。`;
    case 'restore':
      return `「${label}」（${email}）の利用を再開します。このメンバーは再びログインできるようになります。`;
    default:
      return '';
  }
}

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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
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
  const isSelf = member.id === me.id;
  const isScim = member.source === 'scim';
  const drawerAlert = useAlert('drawer');
  const contentAlert = useAlert('content');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [isEditing, setEditing] = useState(false);
  const isNestedOpen = isEditing || confirm !== null;
  useEffect(() => {
    onNestedOpen(isNestedOpen);
    return () => onNestedOpen(false);
  }, [isNestedOpen, onNestedOpen]);
  const remind = useRemindRegister();
  const resetMfa = useResetMfa();
  const sendReset = useSendPasswordReset();
  const deactivate = useDeactivateMember();
  const restore = useRestoreMember();
  const label = memberLabel(member);
  const fail = (error: unknown) =>
    drawerAlert.open({
      message: error instanceof Error ? error.message : '処理を完了できませんでした。',
      type: 'error',
    });

  /** A confirmation's action: done is said in the drawer; a failure in the dialog, which stays open. */
  const run = async (dialog?: UseAlert) => {
    try {
      if (confirm === 'remind') {
        await remind.mutateAsync(member.id);
        drawerAlert.open(`「${label}」に登録メールを再送しました。`);
      }
      if (confirm === 'mfa') {
        await resetMfa.mutateAsync(member.id);
        drawerAlert.open(`「${label}」の2要素認証をリセットしました。`);
      }
      if (confirm === 'deactivate') {
        await deactivate.mutateAsync(member.id);
        drawerAlert.open(`「${label}」を利用停止にしました。`);
      }
      if (confirm === 'restore') {
        await restore.mutateAsync(member.id);
        drawerAlert.open(`「${label}」の利用を再開しました。`);
      }
      if (confirm === 'reset') {
        await sendReset.mutateAsync(member.id);
        drawerAlert.open(`「${label}」にパスワード再設定メールを送りました。`);
      }
    } catch (error) {
      if (!dialog) fail(error);
      else {
        dialog.open({
          message: error instanceof Error ? error.message : '処理を完了できませんでした。',
          type: 'error',
        });
        return;
      }
    }
    setConfirm(null);
  };

  return (
    <Stack gap="md" data-testid="member-detail">
      <div>
        {member.furigana && (
          <Text size="xs" c="dimmed" data-testid="member-detail-furigana">
            {member.furigana}
          </Text>
        )}
        <Text fw={700} size="lg">
          {memberNameOrUnset(member.name)}
        </Text>
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
      </div>
      <Group gap="xs">
        <Badge variant="dot" color={STATUS_COLORS[member.status]}>
          {statusLabel(member.status)}
        </Badge>
        <Badge variant="outline" color={member.mfa === 1 ? 'teal' : 'gray'}>
          2要素認証: {MFA_LABELS[member.mfa]}
        </Badge>
      </Group>
      {member.source === 'scim' && (
        <Alert color="blue" variant="light" p="xs" data-testid="member-scim-note">
          <Text size="xs">{SCIM_OWNED_NOTE}</Text>
        </Alert>
      )}
      <Field label="所属">{member.organization || '—'}</Field>
      <Field label="権限">
        {member.roles.filter((r) => rolesShownFor(me).includes(r)).length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          <Group gap={4} mt={4}>
            {member.roles
              .filter((r) => rolesShownFor(me).includes(r))
              .map((r) => (
                <Badge key={r} variant="light">
                  {ROLE_LABELS[r]}
                </Badge>
              ))}
          </Group>
        )}
      </Field>
      <Field label="メンバーグループ">
        <Text size="sm">
          {['すべてのメンバー', ...member.groups.map((g) => g.name)].join('、')}
        </Text>
      </Field>
      <Field label="閲覧できるキャビネット">
        <ReadableCabinets memberId={member.id} />
      </Field>
      <Field label="追加日">{formatDate(member.createdAt)}</Field>
      <Field label="作成元">{member.source ? MEMBER_SOURCE_LABELS[member.source] : '—'}</Field>
      <Field label="最終ログイン日時">{lastSignInLabel(member.lastSignInAt)}</Field>
      {canReadAuditLog(me) && (
        <Button
          component={Link}
          to={auditLogHref({ actorId: member.id })}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          この人の操作履歴
        </Button>
      )}
      {canReadAuditLog(me) && (
        <Button
          component={Link}
          to={auditLogHref({ targetType: 'member', targetId: member.id })}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          このメンバーの操作履歴
        </Button>
      )}
      <Divider />
      <Group gap="xs">
        <Button onClick={() => setEditing(true)}>編集</Button>
        {member.status === 0 && (
          <Button variant="light" onClick={() => setConfirm('remind')}>
            登録メールを再送
          </Button>
        )}
        {(member.status === 1 || member.status === 2) && (
          <Button variant="light" onClick={() => setConfirm('reset')}>
            パスワード再設定メールを送る
          </Button>
        )}
        <Button variant="light" disabled={member.mfa !== 1} onClick={() => setConfirm('mfa')}>
          2要素認証をリセット
        </Button>
        {member.status === 3 ? (
          <Button variant="light" disabled={isScim} onClick={() => setConfirm('restore')}>
            利用再開
          </Button>
        ) : (
          <Tooltip
            label={
              isScim ? '利用状態はIdPで変更してください。' : '自分自身は利用停止にできません。'
            }
            disabled={!isSelf && !isScim}
          >
            <Button
              color="orange"
              variant="outline"
              disabled={isSelf || isScim}
              onClick={() => setConfirm('deactivate')}
            >
              利用停止
            </Button>
          </Tooltip>
        )}
        <Tooltip label="自分自身は削除できません。" disabled={!isSelf}>
          <Button
            color="red"
            variant="outline"
            disabled={isSelf}
            onClick={() => setConfirm('delete')}
          >
            削除
          </Button>
        </Tooltip>
      </Group>
      {isSelf && (
        <Text size="xs" c="dimmed">
          自分自身の権限の変更・利用停止・削除はできません。
        </Text>
      )}
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
        loading={deactivate.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmModal
        opened={confirm !== null && confirm !== 'delete' && confirm !== 'deactivate'}
        title={confirm ? CONFIRM_TITLES[confirm] : ''}
        message={confirmMessage(confirm, label, member.email)}
        confirmLabel={confirm ? CONFIRM_LABELS[confirm] : ''}
        color={confirm === 'delete' || confirm === 'deactivate' ? 'red' : 'blue'}
        loading={
          remind.isPending ||
          resetMfa.isPending ||
          sendReset.isPending ||
          deactivate.isPending ||
          restore.isPending
        }
        onConfirm={(dialog) => void run(dialog)}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
