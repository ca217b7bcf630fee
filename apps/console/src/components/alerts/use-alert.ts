import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { alertStore, type AlertArea, type AlertState, type OpenAlert } from './alert-store.ts';
import { useAlertOwner, useScreenPath } from './alert-scope.tsx';

export type UseAlert = AlertState & {
  open: (alert: OpenAlert | string) => void;
  close: () => void;
};

/**
 * `const alert = useAlert('content'); alert.open('メンバーを追加しました。')`. The message belongs to the
 * screen this component is on (and to its drawer or dialog, see AlertScope), even when it opens after the
 * admin has already moved on.
 */
export function useAlert(area: AlertArea): UseAlert {
  const state = useSyncExternalStore(
    alertStore.subscribe,
    () => alertStore.get(area),
    () => alertStore.get(area),
  );
  const path = useScreenPath();
  const owner = useAlertOwner(area);
  const open = useCallback(
    (alert: OpenAlert | string) =>
      alertStore.open(area, typeof alert === 'string' ? { message: alert } : alert, {
        path,
        owner,
      }),
    [area, path, owner],
  );
  const close = useCallback(() => alertStore.close(area), [area]);
  return useMemo(() => ({ ...state, open, close }), [state, open, close]);
}
