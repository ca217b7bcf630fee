import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { TBulkManipulation, TBulkUpdateBody } from '@cloudsign/contract';
import { isApiError } from '../../lib/api-client.ts';

/** What a target says before a run starts: when 実行 is possible, and the confirmation's words. */
export type ExecuteSpec = {
  isEnabled: (m: TBulkManipulation) => boolean;
  title: string | ((m: TBulkManipulation) => string);
  /** The confirming button's words (the count and the act, 「3名のメンバーを削除する」); 実行する by default. */
  confirmLabel?: (m: TBulkManipulation) => string;
  /** Red 実行 and confirming buttons for a run that removes things. */
  isDanger?: (m: TBulkManipulation) => boolean;
  body: (m: TBulkManipulation) => ReactNode;
  /** The last, dimmed line (it cannot be undone, and why nothing is overwritten). */
  note: string;
};

type Update = {
  mutate: (body: TBulkUpdateBody, opts: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: Error | null;
};

/** 実行, confirmed in a modal; the server's refusal is shown in it. */
export function ExecuteButton({
  m,
  spec,
  update,
}: {
  m: TBulkManipulation;
  spec: ExecuteSpec;
  update: Update;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const color = spec.isDanger?.(m) ? 'red' : undefined;
  return (
    <>
      <Button
        color={color}
        onClick={() => setConfirming(true)}
        disabled={!spec.isEnabled(m)}
        data-testid="execute"
      >
        実行
      </Button>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title={typeof spec.title === 'string' ? spec.title : spec.title(m)}
        centered
      >
        {spec.body(m)}
        <Text size="sm" c="dimmed" mb="md">
          {spec.note}
        </Text>
        {update.error && (
          <Alert color="red" mb="sm">
            {isApiError(update.error) ? update.error.message : '実行できませんでした。'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            キャンセル
          </Button>
          <Button
            color={color}
            loading={update.isPending}
            onClick={() =>
              update.mutate({ action: 'execute' }, { onSuccess: () => setConfirming(false) })
            }
            data-testid="confirm-execute"
          >
            {spec.confirmLabel?.(m) ?? '実行する'}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
