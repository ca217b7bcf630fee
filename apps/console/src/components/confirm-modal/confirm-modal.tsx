import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** `red` when the action removes or ends something. */
  color?: 'blue' | 'red';
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no confirmation that names what it acts on (shared by every feature that asks before acting). */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = 'blue',
  loading,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            キャンセル
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
