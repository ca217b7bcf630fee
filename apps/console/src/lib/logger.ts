import { meEndpoints } from '@cloudsign/contract';
import { getConfig, type ConsoleConfig } from './config.ts';
import { renderRequest } from './render-request.ts';

/** Extra fields of a log entry. `status` is the SDK's level field: never put an HTTP status there. */
type Context = Record<string, unknown> & { status?: never };
type Sdk = typeof import('@datadog/browser-logs').datadogLogs;
type Entry = (sdk: Sdk) => void;

/* eslint-disable no-restricted-syntax -- browser only: started by main.tsx, and `send` keeps nothing while the
   site renders (its own log has the request). */
let isStarted = false;
let sdk: Sdk | null = null;
/** Loads the SDK now (once): set by startLogger. */
let loadNow: (() => void) | null = null;
/** Entries logged before the SDK has loaded; sent once it has. Bounded so a loop cannot grow it forever. */
const pending: Entry[] = [];
/* eslint-enable no-restricted-syntax */
const MAX_PENDING = 200;

function send(entry: Entry) {
  if (renderRequest()) return;
  if (sdk) entry(sdk);
  else if (pending.length < MAX_PENDING) pending.push(entry);
}

/**
 * Client logs (docs/design.md §6): to Datadog when a client token is configured, else through the SDK's `proxy`
 * option to the api's intake. The SDK's defaults are spec §9's numbers (sample rate 100, batches of 50
 * messages / 16 KB, 256 KB per message, 30 s flush, 3000 errors per minute), so none are overridden.
 * The SDK (60 KB) is loaded when `whenIdle` says (main.tsx: once the first screen has its data), not before:
 * it has nothing to show the user, and entries logged meanwhile wait in `pending`; an error loads it at once.
 */
export function startLogger(
  config: ConsoleConfig = getConfig(),
  whenIdle: (load: () => void) => void = (load) => window.setTimeout(load, 1000),
): void {
  if (isStarted) return;
  isStarted = true;
  let isLoading = false;
  const load = () => {
    if (isLoading) return;
    isLoading = true;
    void import('@datadog/browser-logs').then(({ datadogLogs }) => {
      datadogLogs.init({
        clientToken: config.datadogClientToken ?? 'console-intake',
        ...(config.datadogClientToken
          ? {}
          : { proxy: `${config.apiUrl}${meEndpoints.clientLogs.path}` }),
        service: 'cloudsign-console',
        forwardErrorsToLogs: true,
      });
      sdk = datadogLogs;
      for (const entry of pending.splice(0)) entry(datadogLogs);
    });
  };
  loadNow = load;
  whenIdle(load);
}

export const logger = {
  info(message: string, context: Context = {}) {
    send((s) => s.logger.info(message, context));
  },
  warn(message: string, context: Context = {}) {
    send((s) => s.logger.warn(message, context));
  },
  error(message: string, error?: unknown, context: Context = {}) {
    // The SDK turns an Error into error.kind / error.message / error.stack itself.
    const cause =
      error === undefined || error instanceof Error
        ? error
        : new Error(typeof error === 'string' ? error : JSON.stringify(error));
    send((s) => s.logger.error(message, context, cause));
    // An error cannot wait for the browser to be idle: the person may leave the page at once, and entries
    // still pending then are lost with it.
    if (!sdk) loadNow?.();
    if (import.meta.env.DEV) console.error(message, error);
  },
};
