/**
 * Secrets never reach the logs (password-setup tokens were written to the
 * request log). Whoever reads logs (operators, log shippers, a leaked archive) must not be able to set a
 * member's password or replay a credential. Masked: the path parameters a route declares secret
 * (`config: { secretParams: ['token'] }`, or `declareSecretParams`), secret query parameters, and the
 * credential headers; applied to every logged URL, error message and message text.
 */
import type { FastifyInstance } from 'fastify';
import type { LoggerOptions } from 'pino';
import { stdSerializers } from 'pino';

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that are bearer secrets (an emailed link's token): masked in every log line. */
    secretParams?: readonly string[];
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const MASK = '[redacted]';

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

const paramPattern = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#;\\s'"]*`, 'gi');

/** One path segment's text as it can appear in a URL, a message or a quoted string. */
const SEGMENT = `[^/?#\\s'"]+`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The path patterns of the routes that declared secret parameters, each as a regular expression whose
 * groups alternate between kept text and a secret. Process-wide: the logger exists before the routes, and
 * a secret stays a secret whichever app logs it.
 */
const secretPaths = new Map<string, { pattern: RegExp; secretGroups: Set<number> }>();

/**
 * Declares that the named parameters of a route's path (`/password_setup/:token`) are secrets: every
 * logged text holding that path has them masked. Called for each route that says so in its config.
 */
export function declareSecretParams(url: string, params: readonly string[]): void {
  const key = `${url} ${params.join(',')}`;
  if (secretPaths.has(key)) return;
  const groups: string[] = [];
  const secretGroups = new Set<number>();
  let kept = '';
  for (const [i, segment] of url.split('/').entries()) {
    const name = segment.startsWith(':') ? segment.slice(1).replace(/[(?].*$/, '') : undefined;
    const prefix = i === 0 ? '' : '/';
    if (name !== undefined && params.includes(name)) {
      groups.push(`(${kept}${prefix})`, `(${SEGMENT})`);
      secretGroups.add(groups.length - 1);
      kept = '';
    } else {
      kept +=
        prefix +
        (name !== undefined ? SEGMENT : segment === '*' ? `[^?#\\s'"]*` : escapeRegExp(segment));
    }
  }
  groups.push(`(${kept})`);
  secretPaths.set(key, { pattern: new RegExp(groups.join(''), 'g'), secretGroups });
}

/**
 * The site's emailed links carry their token in the path. Declared here as well as by their routes (site-app.ts),
 * because a process running the api alone logs these addresses too: the page a browser reports it was on
 * (modules/client-logs).
 */
for (const url of ['/password_setup/:token', '/password_reset/:token'])
  declareSecretParams(url, ['token']);

/** Every route of `app` (and of the plugins it registers after this) that declares secret params. */
export function collectSecretParams(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const params = route.config?.secretParams;
    if (params && params.length > 0) declareSecretParams(route.url, params);
  });
}

/**
 * For a plugin whose routes all carry the same secret parameters (the emailed links' `:token`): each of its
 * routes declares them, as if its config said so.
 */
export function secretParamsOfEveryRoute(app: FastifyInstance, params: readonly string[]): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, secretParams: params };
    declareSecretParams(route.url, params);
  });
}

/** The text with every declared secret path parameter and secret query value replaced by MASK. */
export function maskSecrets(text: string): string {
  let masked = text;
  for (const { pattern, secretGroups } of secretPaths.values()) {
    masked = masked.replace(pattern, (...args: unknown[]) =>
      (args.slice(1, secretGroups.size * 2 + 2) as string[])
        .map((part, group) => (secretGroups.has(group) ? MASK : part))
        .join(''),
    );
  }
  return masked.replace(paramPattern, `$1${MASK}`);
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
