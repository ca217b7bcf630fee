import { datadogLogs } from '@datadog/browser-logs';
import { getConfig, type ConsoleConfig } from './config.ts';

/** Extra fields of a log entry. `status` is the SDK's level field: never put an HTTP status there. */
type Context = Record<string, unknown> & { status?: never };

let isStarted = false;

/**
 * Client logs (docs/design.md §6): to Datadog when a client token is configured, else through the SDK's `proxy`
 * option to the api's intake. The SDK's defaults are spec §9's numbers (sample rate 100, batches of 50
 * messages / 16 KB, 256 KB per message, 30 s flush, 3000 errors per minute), so none are overridden.
 */
export function startLogger(config: ConsoleConfig = getConfig()): void {
  if (isStarted) return;
  isStarted = true;
  datadogLogs.init({
    clientToken: config.datadogClientToken ?? 'console-intake',
    ...(config.datadogClientToken ? {} : { proxy: `${config.apiUrl}/client-logs` }),
    service: 'cloudsign-console',
    forwardErrorsToLogs: true,
  });
}

export const logger = {
  info(message: string, context: Context = {}) {
    datadogLogs.logger.info(message, context);
  },
  warn(message: string, context: Context = {}) {
    datadogLogs.logger.warn(message, context);
  },
  error(message: string, error?: unknown, context: Context = {}) {
    // The SDK turns an Error into error.kind / error.message / error.stack itself.
    const cause =
      error === undefined || error instanceof Error
        ? error
        : new Error(typeof error === 'string' ? error : JSON.stringify(error));
    datadogLogs.logger.error(message, context, cause);
    if (import.meta.env.DEV) console.error(message, error);
  },
};
