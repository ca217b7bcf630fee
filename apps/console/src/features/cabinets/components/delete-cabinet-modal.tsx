import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TCabinet } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { useDeleteCabinet } from '../api/delete-cabinet.ts';

/** Deleting unlinks the cabinet's documents; the confirmation names how many. */
export function DeleteCabinetModal({
  cabinet,
  onClose,
  onDeleted,
}: {
  cabinet: TCabinet | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteCabinet();
  const alert = useAlert('main');
  const confirm = async () => {
    if (!cabinet) return;
    try {
      const res = await remove.mutateAsync(cabinet.id);
      alert.open(
        `キャビネット「${cabinet.name}」を削除しました（${res.unlinkedDocumentCount.toLocaleString('ja-JP')}件の書類の紐付けを解除しました）。`,
      );
      onClose();
      onDeleted?.();
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '削除できませんでした。',
        type: 'error',
      });
      onClose();
    }
  };
  return (
    <Modal opened={cabinet !== null} onClose={onClose} title="キャビネットを削除" centered>
      {cabinet && (
        <Stack>
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
      )}
    </Modal>
  );
}
