/**
 * Secrets never reach the logs (password-setup tokens were written to the
 * request log). Whoever reads logs (operators, log shippers, a leaked archive) must not be able to set a
 * member's password or replay a credential. Masked: secret path segments (`/password_setup/<token>`), secret
 * query parameters, and the credential headers; applied to every logged URL, error message and message text.
 */
import type { LoggerOptions } from 'pino';
import { stdSerializers } from 'pino';

export const MASK = '[redacted]';

/** Paths whose next segment is a bearer secret. A new emailed link with a token in its path belongs here. */
const SECRET_PATH_SEGMENTS = ['password_setup'];
/** Query parameters that carry secrets (links, OAuth/SAML-style callbacks, one-time codes). */
const SECRET_PARAMS = [
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'jwt',
  'code',
  'otp',
  'password',
  'secret',
  'key',
  'api_key',
  'signature',
  'sig',
  'samlresponse',
];

const pathPattern = new RegExp(`(/(?:${SECRET_PATH_SEGMENTS.join('|')})/)[^/?#\\s'"]+`, 'gi');
const paramPattern = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#;\\s'"]*`, 'gi');

/** The text with every secret path segment and secret query value replaced by MASK. */
export function maskSecrets(text: string): string {
  return text.replace(pathPattern, `$1${MASK}`).replace(paramPattern, `$1${MASK}`);
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
};

/** Fastify's own request serializer, with the URL masked (it is what every "incoming request" line holds). */
const req = (request: LoggedRequest) => ({
  method: request.method,
  url: maskSecrets(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Errors keep their type and stack, with URLs inside their message (Fastify's 404 and URL errors) masked. */
const err = (error: Error) => {
  const serialized = stdSerializers.err(error) as { message?: string; stack?: string };
  if (typeof serialized.message === 'string') serialized.message = maskSecrets(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = maskSecrets(serialized.stack);
  return serialized;
};

/** For the children the site and the API log through, whatever root logger they were given. */
export const logSerializers = { req, err };

/** The root logger of the server: the serializers above, credential headers removed, message text masked. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  base: undefined,
  serializers: logSerializers,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'headers.cookie',
      'res.headers["set-cookie"]',
    ],
    censor: MASK,
  },
  hooks: {
    // Messages built from a URL (Fastify's "Reply was already sent … in the "/password_setup/…" route").
    logMethod(args, method) {
      method.apply(
        this,
        args.map((a: unknown) => (typeof a === 'string' ? maskSecrets(a) : a)) as Parameters<
          typeof method
        >,
      );
    },
  },
});
