import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = { opened: boolean; title: string; message: ReactNode; confirmLabel: string; loading?: boolean; onConfirm: () => void; onClose: () => void };

/** A destructive confirmation that names what it removes. */
export function ConfirmModal({ opened, title, message, confirmLabel, loading, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            キャンセル
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
