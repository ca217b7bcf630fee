import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AlertArea, AlertScope, useAlert, type UseAlert } from '../alerts/index.ts';

type Props = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** `red` when the action removes or ends something. */
  color?: 'blue' | 'red';
  loading?: boolean;
  /**
   * Called with the dialog's own message area (the spec's `dialog` area): a failure is said there and the
   * dialog stays open; a success closes it and is said on the screen, drawer or page, that opened it.
   */
  onConfirm: (dialog: UseAlert) => void;
  onClose: () => void;
};

/** A yes/no confirmation that names what it acts on (shared by every feature that asks before acting). */
export function ConfirmModal({ opened, title, onClose, ...body }: Props) {
  // Counts the openings (the content may stay mounted while the modal closes): each one is a new scope.
  const [wasOpened, setWasOpened] = useState(opened);
  const [opening, setOpening] = useState(0);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpening(opening + 1);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* One scope per opening: the dialog shows only what its own action reported, and closing ends it. */}
      <AlertScope area="dialog" key={opening}>
        <ConfirmBody {...body} onClose={onClose} />
      </AlertScope>
    </Modal>
  );
}

function ConfirmBody({
  message,
  confirmLabel,
  color = 'blue',
  loading,
  onConfirm,
  onClose,
}: Omit<Props, 'opened' | 'title'>) {
  const dialog = useAlert('dialog');
  return (
    <Stack>
      <AlertArea area="dialog" />
      <Text size="sm">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          キャンセル
        </Button>
        <Button color={color} loading={loading} onClick={() => onConfirm(dialog)}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
