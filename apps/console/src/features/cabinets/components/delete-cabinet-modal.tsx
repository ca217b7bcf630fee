import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TCabinet } from '@cloudsign/contract';
import { AlertArea, AlertScope, useAlert } from '../../../components/alerts/index.ts';
import { useDeleteCabinet } from '../api/delete-cabinet.ts';

type Props = { cabinet: TCabinet | null; onClose: () => void; onDeleted?: () => void };

/** Deleting unlinks the cabinet's documents; the confirmation names how many. */
export function DeleteCabinetModal({ cabinet, onClose, onDeleted }: Props) {
  return (
    <Modal opened={cabinet !== null} onClose={onClose} title="キャビネットを削除" centered>
      {cabinet && (
        <AlertScope area="dialog">
          <DeleteCabinetBody cabinet={cabinet} onClose={onClose} onDeleted={onDeleted} />
        </AlertScope>
      )}
    </Modal>
  );
}

function DeleteCabinetBody({ cabinet, onClose, onDeleted }: Props & { cabinet: TCabinet }) {
  const remove = useDeleteCabinet();
  const done = useAlert('main');
  const failed = useAlert('dialog');
  const confirm = async () => {
    try {
      const res = await remove.mutateAsync(cabinet.id);
      // Said on the cabinet list, where both the list and a cabinet's own page go after deleting it.
      done.open({
        message: `キャビネット「${cabinet.name}」を削除しました（${res.unlinkedDocumentCount.toLocaleString('ja-JP')}件の書類の紐付けを解除しました）。`,
        path: '/cabinets',
      });
      onClose();
      onDeleted?.();
    } catch (error) {
      // The dialog stays open with the reason, beside the choice to cancel.
      failed.open({
        message: error instanceof Error ? error.message : '削除できませんでした。',
        type: 'error',
      });
    }
  };
  return (
    <Stack>
      <AlertArea area="dialog" />
      <Text>キャビネット「{cabinet.name}」を削除します。</Text>
      <Text fw={700} data-testid="delete-cabinet-count">
        {cabinet.documentCount.toLocaleString('ja-JP')}件の書類の紐付けが解除されます。
      </Text>
      <Text size="sm" c="dimmed">
        書類そのものは削除されず、「すべての書類」に残ります。この操作は取り消せません。
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          キャンセル
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
          削除する
        </Button>
      </Group>
    </Stack>
  );
}
