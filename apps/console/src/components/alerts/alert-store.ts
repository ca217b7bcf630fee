import type { TTheme } from '@cloudsign/contract';

/** Spec §3: one alert per area. */
export const ALERT_AREAS = ['main', 'content', 'drawer', 'dialog'] as const;
export type AlertArea = (typeof ALERT_AREAS)[number];
export type AlertType = 'success' | 'info' | 'warning' | 'error';

/**
 * How long a success message stays. Long enough to read twice; errors, warnings and notices stay until
 * closed (they ask the reader to do something), and a message being hovered or focused never closes.
 */
export const SUCCESS_CLOSE_MS = 6000;

export type AlertState = {
  visible: boolean;
  message: string;
  /** Spec §3: type defaults to success. */
  type: AlertType;
  /** Epoch ms of the last open or close (spec §4: both are timestamped). */
  updatedAt: number;
  theme: TTheme | null;
  /** The screen (pathname) the message belongs to; shown there only, closed on leaving it. */
  path: string | null;
  /** The drawer or dialog instance that raised it (see AlertScope); null for a screen's own areas. */
  owner: string | null;
};

export type OpenAlert = {
  message: string;
  type?: AlertType;
  theme?: TTheme | null;
  /**
   * The screen that shows the message when the action itself moves there (e.g. 「…を削除しました。」 then
   * back to the list). Defaults to the screen that raised it.
   */
  path?: string;
};

/** Where an open comes from: the screen and drawer/dialog instance of the component that raised it. */
export type AlertOrigin = { path: string | null; owner: string | null };

type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const initial = (): AlertState => ({
  visible: false,
  message: '',
  type: 'success',
  updatedAt: 0,
  theme: null,
  path: null,
  owner: null,
});

export function createAlertStore(
  now: () => number = () => Date.now(),
  timers: Timers = {
    set: (run, ms) => setTimeout(run, ms),
    clear: (h) => clearTimeout(h as never),
  },
) {
  let states: Record<AlertArea, AlertState> = {
    main: initial(),
    content: initial(),
    drawer: initial(),
    dialog: initial(),
  };
  // The screen on view (set by AlertsFollowRoute); null until a router reports one.
  let screen: string | null = null;
  const closing = new Map<AlertArea, unknown>();
  const held = new Set<AlertArea>();
  const listeners = new Set<() => void>();
  const update = (area: AlertArea, next: AlertState) => {
    states = { ...states, [area]: next };
    listeners.forEach((listener) => listener());
  };
  const cancelClosing = (area: AlertArea) => {
    if (closing.has(area)) timers.clear(closing.get(area));
    closing.delete(area);
  };
  const close = (area: AlertArea) => {
    cancelClosing(area);
    held.delete(area);
    if (states[area].visible) update(area, { ...states[area], visible: false, updatedAt: now() });
  };
  const scheduleClose = (area: AlertArea) => {
    cancelClosing(area);
    if (states[area].visible && states[area].type === 'success' && !held.has(area))
      closing.set(
        area,
        timers.set(() => close(area), SUCCESS_CLOSE_MS),
      );
  };

  return {
    get: (area: AlertArea): AlertState => states[area],
    open: (
      area: AlertArea,
      alert: OpenAlert,
      origin: AlertOrigin = { path: null, owner: null },
    ) => {
      const path = alert.path ?? origin.path;
      // An answer that arrives after the admin left its screen has no screen to speak on.
      if (alert.path === undefined && path !== null && screen !== null && path !== screen) return;
      held.delete(area);
      update(area, {
        visible: true,
        message: alert.message,
        type: alert.type ?? 'success',
        theme: alert.theme ?? null,
        updatedAt: now(),
        path,
        owner: origin.owner,
      });
      scheduleClose(area);
    },
    close,
    /** While the reader points at or focuses the message, it does not close by itself. */
    hold: (area: AlertArea) => {
      held.add(area);
      cancelClosing(area);
    },
    /** The reader moved on: a success message gets its full time again. */
    release: (area: AlertArea) => {
      held.delete(area);
      scheduleClose(area);
    },
    /** The screen changed: every message of another screen closes (it would otherwise follow the admin). */
    navigated: (path: string) => {
      screen = path;
      for (const area of ALERT_AREAS) {
        const state = states[area];
        if (state.visible && state.path !== path) close(area);
      }
    },
    /** A drawer or dialog closed: its messages go with it, so the next one opens clean. */
    dispose: (owner: string) => {
      for (const area of ALERT_AREAS) if (states[area].owner === owner) close(area);
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
