import { Button, Group, Text, Tooltip } from '@mantine/core';
import type { TMemberDetail } from '@cloudsign/contract';
import type { MemberConfirm } from '../lib/member-confirm.ts';

/**
 * The drawer's buttons, by the member's status. Nobody deactivates or deletes themselves; a member the IdP
 * provisions (SCIM) is stopped and restarted there; a member the company signs in by SSO only is sent no
 * password reset mail (the API refuses it), and the drawer says so.
 */
export function MemberActionButtons({
  member,
  isSelf,
  onEdit,
  onConfirm,
}: {
  member: TMemberDetail;
  isSelf: boolean;
  onEdit: () => void;
  onConfirm: (confirm: MemberConfirm) => void;
}) {
  const isScim = member.source === 'scim';
  return (
    <>
      <Group gap="xs">
        <Button onClick={onEdit}>編集</Button>
        {member.status === 0 && (
          <Button variant="light" onClick={() => onConfirm('remind')}>
            登録メールを再送
          </Button>
        )}
        {(member.status === 1 || member.status === 2) && (
          <Button
            variant="light"
            disabled={member.isPasswordAllowed === false}
            onClick={() => onConfirm('reset')}
          >
            パスワード再設定メールを送る
          </Button>
        )}
        <Button variant="light" disabled={member.mfa !== 1} onClick={() => onConfirm('mfa')}>
          2要素認証をリセット
        </Button>
        {member.status === 3 ? (
          <Button variant="light" disabled={isScim} onClick={() => onConfirm('restore')}>
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
              onClick={() => onConfirm('deactivate')}
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
            onClick={() => onConfirm('delete')}
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
      {member.isPasswordAllowed === false && (member.status === 1 || member.status === 2) && (
        <Text size="xs" c="dimmed">
          この組織ではシングルサインオン（SSO）でログインするため、パスワード再設定メールは送れません。
        </Text>
      )}
    </>
  );
}
