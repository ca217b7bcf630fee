import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode, type TErrorBody } from '@cloudsign/contract';

/** What Node's parser refused, in our closed list (anything else it refuses is not HTTP: a bad request). */
const codeOf = (error: { code?: string }): ErrorCode =>
  error.code === 'HPE_HEADER_OVERFLOW'
    ? 'headers_too_large'
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'request_timeout'
      : 'bad_request';

/** What a refused request's first bytes say about its caller, when the packet Node refused still holds them. */
export type RefusedHead = { url: string; accept: string };

/** A server's own answer to a refused request (the site's page for a browser), or null for the error shape. */
export type RawAnswer = (
  code: ErrorCode,
  head: RefusedHead,
) => { type: string; body: string; headers?: Record<string, string> } | null;

/** The request line's target and the Accept header, read from the refused bytes (best effort: '' if absent). */
function headOf(error: { rawPacket?: unknown }): RefusedHead {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 65_536) : '';
  return {
    url: /^[A-Z]+ (\S+) HTTP\//.exec(raw)?.[1] ?? '',
    accept: /\r\naccept:([^\r\n]*)/i.exec(raw)?.[1]?.trim() ?? '',
  };
}

/**
 * Fastify's `clientErrorHandler` for the site and the api. Node refuses some requests before any route or
 * hook runs (headers over 16 KB, a request past its deadline, bytes that are not HTTP); Fastify's default
 * then writes an English body in its own shape. This answers in Japanese, in the one error shape unless
 * `answer` gives the server's own (the site's page for a browser), and closes the connection (the rest of
 * what the client sends cannot be read as a request).
 */
export function clientErrorHandlerWith(answer: RawAnswer) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    // The peer is gone (reset, or already destroyed): nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = codeOf(error);
    const { status, message } = ERROR_CODES[code];
    const requestId = randomUUID();
    const own = answer(code, headOf(error));
    const body =
      own?.body ?? JSON.stringify({ error: { code, message, requestId } } satisfies TErrorBody);
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${own?.type ?? 'application/json; charset=utf-8'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Cache-Control: no-store\r\n' +
        Object.entries(own?.headers ?? {})
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}

/** The api's: always the one error shape. */
export const clientErrorHandler = clientErrorHandlerWith(() => null);
