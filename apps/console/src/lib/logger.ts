import { datadogLogs } from '@datadog/browser-logs';
import { getConfig, type ConsoleConfig } from './config.ts';

type Context = Record<string, unknown>;

let isStarted = false;

/**
 * Client logs (DESIGN.md §6): to Datadog when a client token is configured, else through the SDK's `proxy`
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

function errorContext(error: unknown): Context {
  if (error instanceof Error) return { error: { kind: error.name, message: error.message, stack: error.stack } };
  return error === undefined ? {} : { error: { message: typeof error === 'string' ? error : JSON.stringify(error) } };
}

export const logger = {
  info(message: string, context: Context = {}) {
    datadogLogs.logger.info(message, context);
  },
  warn(message: string, context: Context = {}) {
    datadogLogs.logger.warn(message, context);
  },
  error(message: string, error?: unknown, context: Context = {}) {
    datadogLogs.logger.error(message, { ...context, ...errorContext(error) });
    if (import.meta.env.DEV) console.error(message, error);
  },
};
