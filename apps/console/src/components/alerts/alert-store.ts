import type { TTheme } from '@cloudsign/contract';

/** Spec §3: one alert per area. */
export const ALERT_AREAS = ['main', 'content', 'drawer', 'dialog'] as const;
export type AlertArea = (typeof ALERT_AREAS)[number];
export type AlertType = 'success' | 'info' | 'warning' | 'error';

export type AlertState = {
  visible: boolean;
  message: string;
  /** Spec §3: type defaults to success. */
  type: AlertType;
  /** Epoch ms of the last open or close (spec §4: both are timestamped). */
  updatedAt: number;
  theme: TTheme | null;
};

export type OpenAlert = { message: string; type?: AlertType; theme?: TTheme | null };

const initial = (): AlertState => ({
  visible: false,
  message: '',
  type: 'success',
  updatedAt: 0,
  theme: null,
});

export function createAlertStore(now: () => number = () => Date.now()) {
  let states: Record<AlertArea, AlertState> = {
    main: initial(),
    content: initial(),
    drawer: initial(),
    dialog: initial(),
  };
  const listeners = new Set<() => void>();
  const update = (area: AlertArea, next: AlertState) => {
    states = { ...states, [area]: next };
    listeners.forEach((listener) => listener());
  };

  return {
    get: (area: AlertArea): AlertState => states[area],
    open: (area: AlertArea, alert: OpenAlert) => {
      update(area, {
        visible: true,
        message: alert.message,
        type: alert.type ?? 'success',
        theme: alert.theme ?? null,
        updatedAt: now(),
      });
    },
    close: (area: AlertArea) => {
      update(area, { ...states[area], visible: false, updatedAt: now() });
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type AlertStore = ReturnType<typeof createAlertStore>;
export const alertStore = createAlertStore();
