import type { Logger } from 'pino';
import { maskSecrets } from '../../lib/http/log-redaction.ts';

/** Spec §9: the browser SDK batches at most 50 messages; more lines than this is not our SDK. */
export const MAX_ENTRIES_PER_BATCH = 100;
const MAX_TEXT = 2000;
const MAX_STACK = 8000;

export type ClientLogEntry = {
  status: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  date?: number;
  service?: string;
  url?: string;
  sessionId?: string;
  error?: { kind?: string; message?: string; stack?: string };
  context?: Record<string, unknown>;
};

const maskedUrl = (url: string | undefined) => (url === undefined ? undefined : maskSecrets(url));
const str = (value: unknown, max = MAX_TEXT): string | undefined =>
  typeof value === 'string' ? value.slice(0, max) : undefined;
const obj = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const STATUSES = new Set(['debug', 'info', 'warn', 'error']);

/** Extra context fields, kept whole when small, else as a truncated JSON text. */
function boundedContext(fields: [string, unknown][]): Record<string, unknown> | undefined {
  if (fields.length === 0) return undefined;
  const json = JSON.stringify(Object.fromEntries(fields));
  return json.length <= MAX_TEXT
    ? (JSON.parse(json) as Record<string, unknown>)
    : { truncated: json.slice(0, MAX_TEXT) };
}

/** Keeps only what is useful and bounded: a browser may send anything, the server log must stay clean. */
function toEntry(raw: unknown): ClientLogEntry | null {
  const record = obj(raw);
  const message = str(record?.message);
  if (!record || message === undefined) return null;
  const status =
    typeof record.status === 'string' && STATUSES.has(record.status) ? record.status : 'info';
  const error = obj(record.error);
  const view = obj(record.view);
  const session = obj(record.session);
  const known = new Set([
    'message',
    'status',
    'date',
    'service',
    'error',
    'view',
    'session',
    'origin',
    'usr',
    '_dd',
    'ddtags',
  ]);
  const rest = Object.entries(record).filter(([key]) => !known.has(key));
  return {
    status: status as ClientLogEntry['status'],
    message,
    date: typeof record.date === 'number' ? record.date : undefined,
    service: str(record.service, 100),
    // A page address from the browser: masked like the server's own request URLs.
    url: maskedUrl(str(view?.url, 1000)),
    sessionId: str(session?.id, 100),
    error: error
      ? {
          kind: str(error.kind, 200),
          message: str(error.message),
          stack: str(error.stack, MAX_STACK),
        }
      : undefined,
    context: boundedContext(rest),
  };
}

/** The SDK's proxied batch: newline-delimited JSON. Unparseable lines are counted, not fatal. */
export function parseLogBatch(text: string): { entries: ClientLogEntry[]; dropped: number } {
  const entries: ClientLogEntry[] = [];
  let dropped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (entries.length >= MAX_ENTRIES_PER_BATCH) {
      dropped += 1;
      continue;
    }
    try {
      const entry = toEntry(JSON.parse(line));
      if (entry) entries.push(entry);
      else dropped += 1;
    } catch {
      dropped += 1;
    }
  }
  return { entries, dropped };
}

export function writeClientLogs(
  logger: Logger,
  entries: ClientLogEntry[],
  meta: { ip: string; userAgent?: string },
) {
  const log = logger.child({
    source: 'console',
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  for (const { status, message, ...fields } of entries) {
    const level =
      status === 'error'
        ? 'error'
        : status === 'warn'
          ? 'warn'
          : status === 'debug'
            ? 'debug'
            : 'info';
    log[level]({ client: fields }, message);
  }
}
