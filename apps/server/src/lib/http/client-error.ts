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

/**
 * Fastify's `clientErrorHandler` for the site and the api. Node refuses some requests before any route or
 * hook runs (headers over 16 KB, a request past its deadline, bytes that are not HTTP); Fastify's default
 * then writes an English body in its own shape. This answers in the one error shape, in Japanese, and
 * closes the connection (the rest of what the client sends cannot be read as a request).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // The peer is gone (reset, or already destroyed): nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = codeOf(error);
  const { status, message } = ERROR_CODES[code];
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code, message, requestId } } satisfies TErrorBody);
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
