import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { alertStore, type AlertArea, type AlertState, type OpenAlert } from './alert-store.ts';

export type UseAlert = AlertState & {
  open: (alert: OpenAlert | string) => void;
  close: () => void;
};

/** `const alert = useAlert('content'); alert.open('メンバーを追加しました。')` */
export function useAlert(area: AlertArea): UseAlert {
  const state = useSyncExternalStore(
    alertStore.subscribe,
    () => alertStore.get(area),
    () => alertStore.get(area),
  );
  const open = useCallback(
    (alert: OpenAlert | string) =>
      alertStore.open(area, typeof alert === 'string' ? { message: alert } : alert),
    [area],
  );
  const close = useCallback(() => alertStore.close(area), [area]);
  return useMemo(() => ({ ...state, open, close }), [state, open, close]);
}
