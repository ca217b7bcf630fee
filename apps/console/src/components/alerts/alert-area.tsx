import type { FocusEvent } from 'react';
import { Alert } from '@mantine/core';
import { alertStore, type AlertArea as Area, type AlertType } from './alert-store.ts';
import { useAlertOwner, useScreenPath } from './alert-scope.tsx';
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

/**
 * Renders the area's alert where it is placed; layouts place 'main', pages 'content', drawers 'drawer' and
 * dialogs 'dialog' (inside an AlertScope). It shows a message only on the screen, and in the drawer or
 * dialog instance, whose action raised it.
 */
export function AlertArea({ area }: { area: Area }) {
  const alert = useAlert(area);
  const path = useScreenPath();
  const owner = useAlertOwner(area);
  const isHere =
    alert.visible &&
    alert.owner === owner &&
    (alert.path === null || path === null || alert.path === path);
  if (!isHere) return null;
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) alertStore.release(area);
  };
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
      // A success message closes by itself after a while, but never under the reader's pointer or focus.
      onMouseEnter={() => alertStore.hold(area)}
      onMouseLeave={() => alertStore.release(area)}
      onFocus={() => alertStore.hold(area)}
      onBlur={onBlur}
    >
      {alert.message}
    </Alert>
  );
}
