import { useEffect } from 'react';
import { logout } from './logout.ts';

/** Shared by the tabs of the browser: a member working in one tab is not signed out by an unused other. */
export const LAST_ACTIVITY_KEY = 'cs-last-activity';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Input is recorded at most this often; the check runs at this pace too. */
const MARK_EVERY_MS = 5_000;
const CHECK_EVERY_MS = 15_000;

const readShared = () => {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
};

/**
 * The company's idle timeout in the browser (企業設定 › セキュリティ): after that long without input in any tab
 * the console signs out and shows the login page with 「一定時間操作がなかったため、ログアウトしました」,
 * keeping the page to return to, so an unattended screen does not stay open. The server refuses the session
 * on its own either way (the next request after the timeout); this only moves the screen there first.
 * Only a time is stored (never a token).
 */
export function useIdleSignOut(idleTimeoutMinutes: number | null | undefined) {
  useEffect(() => {
    if (!idleTimeoutMinutes) return;
    const limitMs = idleTimeoutMinutes * 60_000;
    let last = Date.now();
    let ended = false;
    const mark = () => {
      const now = Date.now();
      if (now - last < MARK_EVERY_MS) return;
      last = now;
      try {
        window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
      } catch {
        // Storage refused (private mode): this tab's own input still counts.
      }
    };
    const check = () => {
      if (ended || Date.now() - Math.max(last, readShared()) < limitMs) return;
      ended = true;
      void logout({ notice: 'idle_timeout' });
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, mark, { capture: true, passive: true });
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, mark, { capture: true });
      window.clearInterval(timer);
    };
  }, [idleTimeoutMinutes]);
}
