import { Alert } from '@mantine/core';
import type { AlertArea as Area, AlertType } from './alert-store.ts';
import { useAlert } from './use-alert.ts';

const COLORS: Record<AlertType, string> = {
  success: 'teal',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};
const TITLES: Record<AlertType, string> = {
  success: '完了',
  info: 'お知らせ',
  warning: 'ご注意',
  error: 'エラー',
};

/** Renders the area's alert where it is placed; layouts place 'main', pages 'content', drawers/dialogs theirs. */
export function AlertArea({ area }: { area: Area }) {
  const alert = useAlert(area);
  if (!alert.visible) return null;
  return (
    <Alert
      color={COLORS[alert.type]}
      title={TITLES[alert.type]}
      withCloseButton
      closeButtonLabel="閉じる"
      onClose={alert.close}
      role={alert.type === 'error' ? 'alert' : 'status'}
      mb="md"
      data-alert-area={area}
    >
      {alert.message}
    </Alert>
  );
}
