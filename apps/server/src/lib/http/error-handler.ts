import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  type ErrorCode,
  type TErrorBody,
  type TErrorDetail,
} from '@cloudsign/contract';
import { AppError } from '../app-error.ts';
import { capDetails } from '../error-details.ts';
import { isClientGone } from './request-log.ts';

/** Fastify's own 4xx errors, mapped to our closed list of codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
};

/**
 * A statement PostgreSQL cancelled at the API's statement_timeout (DB_STATEMENT_TIMEOUT_MS): the request asked
 * for more work than one answer may take. Not the server's fault and not the client's: 503 with Retry-After,
 * never 500 (docs/design.md §5).
 */
export const MSG_QUERY_TIMEOUT =
  '検索に時間がかかりすぎたため中断しました。条件を絞り込むか、しばらくしてからもう一度お試しください。';
const QUERY_TIMEOUT_RETRY_AFTER_SECONDS = '5';

/**
 * True when `error`, or an error it wraps (drizzle's query errors carry the driver's as `cause`), is
 * PostgreSQL's query_canceled (SQLSTATE 57014): statement_timeout, or a cancel. The embedded PGlite has no
 * statement timeout (no timer signal in WebAssembly) and raises the same code only when a statement raises it.
 */
export function isQueryCanceled(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '57014') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const MSG_BAD_MULTIPART =
  'アップロードの形式（multipart/form-data）が正しくありません。ファイルを選び直して送信してください。';

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`): a path that is not valid
 * percent-encoding or a parameter over the length limit. Like a malformed id, they answer 404 in our shape.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ err: error }, 'unroutable request');
  void sendError(request, reply, 'not_found');
}

export function errorBody(
  request: FastifyRequest,
  code: ErrorCode,
  message?: string,
  details?: TErrorDetail[],
): TErrorBody {
  return {
    error: {
      code,
      message: message ?? ERROR_CODES[code].message,
      requestId: String(request.id),
      // Every answered list of details is bounded (a body of a million bad items is not a million details).
      ...(details && details.length > 0 ? { details: capDetails(details) } : {}),
    },
  };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  details?: TErrorDetail[],
) {
  return reply
    .status(ERROR_CODES[code].status)
    .type('application/json; charset=utf-8')
    .send(errorBody(request, code, message, details));
}

/**
 * One error handler for the site and the api (docs/design.md §5): one body shape, Japanese messages, and no
 * 5xx detail (stack, SQL, path) ever leaves the server; it goes to the log with the request id.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError)
      return sendError(request, reply, error.code, error.message, error.details);

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path is a missing resource, not a bad request (no existence probing).
      if (error.validationContext === 'params') return sendError(request, reply, 'not_found');
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? '値が正しくありません。',
      }));
      return sendError(request, reply, 'validation_failed', undefined, details);
    }

    // busboy's own parse errors carry no code: a multipart body without a boundary or cut short is the client's.
    if (
      /^(?:Multipart: |Malformed |Unexpected end of (?:multipart data|form))/.test(error.message)
    ) {
      return sendError(request, reply, 'bad_request', MSG_BAD_MULTIPART);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(request, reply, mapped);
    if (error.statusCode === 429) return sendError(request, reply, 'rate_limited');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(
        request,
        reply,
        error.statusCode === 404
          ? 'not_found'
          : error.statusCode === 413
            ? 'payload_too_large'
            : error.statusCode === 415
              ? 'unsupported_media_type'
              : 'bad_request',
      );
    }
    // The client went away (a navigation cancelled its query): nobody is waiting, nothing went wrong here.
    if (isClientGone(request)) {
      request.log.debug({ err: error }, 'request aborted by the client');
      return sendError(request, reply, 'internal');
    }
    // A client that went away had its statements cancelled (db/query-scope.ts): answered above. Here the
    // statement ran out of time.
    if (isQueryCanceled(error)) {
      request.log.warn({ err: error }, 'statement cancelled: statement timeout');
      reply.header('retry-after', QUERY_TIMEOUT_RETRY_AFTER_SECONDS);
      return sendError(request, reply, 'unavailable', MSG_QUERY_TIMEOUT);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal');
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found'));
}
