import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type TMemberDetail, memberLabel } from '@cloudsign/contract';
import { useMemberHoldings } from '../api/member-holdings.ts';
import { MemberHoldingsRead } from './member-holdings-summary.tsx';

type Props = {
  opened: boolean;
  member: TMemberDetail;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * メンバーを利用停止: the same holdings read as deletion, so the admin sees the cabinets the member alone
 * administers before stopping them. It warns and does not ask for a successor (docs/decisions.md): 利用停止 is
 * undone by 利用再開, and moving the admin role away would not come back with it.
 */
export function DeactivateMemberModal({ opened, member, loading, onConfirm, onClose }: Props) {
  const holdings = useMemberHoldings(member.id, opened);
  const h = holdings.data;
  const alone = (h?.cabinets ?? []).filter((c) => c.otherAdmins === 0);
  return (
    <Modal opened={opened} onClose={onClose} title="メンバーを利用停止" centered size="lg">
      <Stack>
        <Text size="sm">
          「{memberLabel(member)}」（{member.email}
          ）を利用停止にします。このメンバーはすぐにすべてのブラウザでログアウトされ、ログインできなくなります。グループ・権限・書類はそのまま残り、利用再開で元に戻せます。
        </Text>
        <MemberHoldingsRead holdings={holdings} action="deactivate" />
        {alone.length > 0 && (
          <Alert color="orange" title="管理者がいなくなるキャビネットがあります" role="alert">
            {alone.map((c) => `「${c.name}」`).join('、')}
            は、このメンバーのほかに管理者がいません。利用停止中は組織管理権限を持つメンバーだけが管理できます。引き継ぐ人がいる場合は、先にキャビネットの管理者に追加してください。
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            キャンセル
          </Button>
          <Button color="red" loading={loading} disabled={holdings.isPending} onClick={onConfirm}>
            利用停止する
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
