import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type TDeleteUserResponse, type TMemberDetail, memberLabel } from '@cloudsign/contract';
import { useDeleteMember } from '../api/delete-member.ts';
import { useMemberHoldings } from '../api/member-holdings.ts';
import { MemberHoldingsRead } from './member-holdings-summary.tsx';
import { SuccessorSelect } from './successor-select.tsx';

type Props = {
  opened: boolean;
  member: TMemberDetail;
  onClose: () => void;
  /** With the server's account of what moved to whom, for the completion message. */
  onDeleted: (result: TDeleteUserResponse) => void;
};

/**
 * メンバーを削除 (offboarding): what the member holds, read before anything is done, and the successor (移管先)
 * who takes over their cabinets and documents. Deleting is offered only once a successor is chosen when one
 * is needed.
 */
export function DeleteMemberModal({ opened, member, onClose, onDeleted }: Props) {
  const holdings = useMemberHoldings(member.id, opened);
  const remove = useDeleteMember();
  const [successorId, setSuccessorId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = memberLabel(member);
  const h = holdings.data;
  const isBlocked = !h || (h.successorRequired && !successorId);

  const close = () => {
    setSuccessorId(null);
    setError(null);
    onClose();
  };
  const confirm = async () => {
    try {
      const result = await remove.mutateAsync({
        id: member.id,
        successorId: successorId ?? undefined,
      });
      setSuccessorId(null);
      setError(null);
      onDeleted(result);
    } catch (e) {
      setError(e instanceof Error ? e.message : '削除できませんでした。');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="メンバーを削除" centered size="lg">
      <Stack>
        <Text size="sm">
          「{label}」（{member.email}
          ）を削除します。このメンバーはログインできなくなります。
        </Text>
        <MemberHoldingsRead holdings={holdings} action="delete" />
        {h && (h.cabinets.length > 0 || h.documents > 0) && (
          <SuccessorSelect
            excludeId={member.id}
            value={successorId}
            onChange={setSuccessorId}
            isRequired={h.successorRequired}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            キャンセル
          </Button>
          <Button
            color="red"
            disabled={isBlocked}
            loading={remove.isPending}
            onClick={() => void confirm()}
          >
            {successorId ? '移管して削除する' : '削除する'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
