import { useSyncExternalStore } from 'react';

/**
 * A fatal error replaces the whole application with the error page (spec §2: "the application root shows
 * the error page when a fatal error exists"). `statusMessage` is the error's own message, shown as is.
 */
export class FatalError extends Error {
  readonly status: number;
  readonly statusMessage: string | null;

  /** `logMessage`: what the client log records when the screen shows the default message instead. */
  constructor(status: number, statusMessage: string | null = null, logMessage?: string) {
    super(logMessage ?? statusMessage ?? `Fatal error ${status}`);
    this.name = 'FatalError';
    this.status = status;
    this.statusMessage = statusMessage;
  }
}

export const isFatalError = (error: unknown): error is FatalError => error instanceof FatalError;

/**
 * Spec §8 "Route validation failure": fatal 404. The screen shows spec §2's Japanese 404 text (no message of
 * its own); spec §8's English 'Page Not Found: {path}' is kept for the client log, where it names the path.
 */
export const pageNotFound = (path: string) => new FatalError(404, null, `Page Not Found: ${path}`);

type FatalState = { error: FatalError; path: string } | null;

/* eslint-disable no-restricted-syntax -- browser only: the router and the pages set it in the browser alone
   (router.tsx checks renderRequest(), the others from effects), and the site never subscribes. */
let state: FatalState = null;
const listeners = new Set<() => void>();
/* eslint-enable no-restricted-syntax */
const emit = () => listeners.forEach((listener) => listener());

export const fatalErrorStore = {
  get: (): FatalState => state,
  set: (error: FatalError, path: string) => {
    state = { error, path };
    emit();
  },
  clear: () => {
    if (!state) return;
    state = null;
    emit();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useFatalError = () =>
  useSyncExternalStore(fatalErrorStore.subscribe, fatalErrorStore.get, fatalErrorStore.get);

/** Spec §8: crawlers (bot, lighthouse, facebookexternalhit, google) get no error page; the error is only logged. */
export const CRAWLER_PATTERN = /bot|lighthouse|facebookexternalhit|google/i;
export const isCrawler = (userAgent: string = navigator.userAgent) =>
  CRAWLER_PATTERN.test(userAgent);
