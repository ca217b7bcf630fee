import { isIP, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import { isAddressOrRange, rangeMatcher } from '../lib/http/ip-ranges.ts';

/** Environment, parsed once at start (STYLE.md "Server"): a bad value stops start-up with a clear message. */
const ZUrl = z.url({ message: 'URL の形式で指定してください（例: http://localhost:3000）' });
const ZPort = z.coerce
  .number({ message: 'ポート番号は数値で指定してください' })
  .int({ message: 'ポート番号は整数で指定してください' })
  .min(1, { message: 'ポート番号は 1〜65535 で指定してください' })
  .max(65535, { message: 'ポート番号は 1〜65535 で指定してください' });

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`: what Node's `dns.Resolver#setServers` takes. */
function isDnsServer(entry: string) {
  const port = (p: string | undefined) => p === undefined || ZPort.safeParse(p).success;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (v6) return isIPv6(v6[1]!) && port(v6[2]);
  if (isIPv6(entry)) return true;
  const [host, p, ...rest] = entry.split(':');
  return rest.length === 0 && isIPv4(host!) && port(p);
}

/**
 * A CSP source list an operator adds (CSP_EXTRA_*): https or wss origins, a leading `*.` allowed, separated
 * by spaces or commas. Keywords ('unsafe-inline', 'unsafe-eval') and schemes alone (`https:`) are refused:
 * they would switch the policy off rather than extend it.
 */
const CSP_SOURCE = /^(https|wss):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?(\/[^\s,;'"]*)?$/i;
export const cspSourcesOf = (value: string | undefined): string[] =>
  (value ?? '').split(/[\s,]+/).filter(Boolean);
const cspSources = () =>
  z
    .string()
    .refine((v) => cspSourcesOf(v).every((source) => CSP_SOURCE.test(source)), {
      message:
        'https:// か wss:// で始まる配信元を、空白かカンマで区切って指定してください（例: https://www.google-analytics.com https://*.doubleclick.net）',
    })
    .optional();

/** A positive count kept as text (like JOBS_PER_COMPANY), so the parsed env can be parsed again. */
const countText = (message: string, fallback: string, digits = 3) =>
  z
    .string()
    .regex(new RegExp(`^[1-9][0-9]{0,${digits - 1}}$`), { message })
    .default(fallback);

const ZEnv = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        message: 'development, production, test のいずれかを指定してください',
      })
      .default('development'),
    DATA_DIR: z.string().min(1, { message: 'フォルダのパスを指定してください' }).default('./data'),
    /**
     * The address both servers listen on. Loopback by default, so a development machine never serves its
     * console to the café's network; `0.0.0.0` (or `::`) behind a load balancer or in a container.
     */
    HOST: z
      .string()
      .refine((v) => v === 'localhost' || isIP(v) !== 0, {
        message: 'IP アドレス（例: 0.0.0.0, 127.0.0.1, ::）か localhost を指定してください',
      })
      .default('localhost'),
    PORT: ZPort.default(3000),
    API_PORT: ZPort.default(3001),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'postgres:// で始まる接続文字列を指定してください' })
      .optional(),
    SITE_URL: ZUrl.optional(),
    API_URL: ZUrl.optional(),
    /**
     * Where the site reads the api when it renders a console page's first screen (site/first-screen.ts):
     * API_URL unless the site reaches the api by another address (a private network, a sidecar).
     */
    API_INTERNAL_URL: ZUrl.optional(),
    /**
     * `off`: the site sends every console page empty and the browser renders it (site/first-screen.ts).
     * `strict`: a render that throws breaks the page instead of falling back to the plain one, as it does
     * whenever NODE_ENV is not production (the browser tests run a production build with it).
     */
    FIRST_SCREEN: z
      .enum(['on', 'off', 'strict'], { message: 'on、off または strict を指定してください' })
      .default('on'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'fatal, error, warn, info, debug, trace, silent のいずれかを指定してください',
      })
      .default('info'),
    /** `1`: one line per request at info (the default logs them at debug, out of the way). */
    LOG_REQUESTS: z.enum(['0', '1'], { message: '0 または 1 を指定してください' }).default('0'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: 'smtp:// または smtps:// で始まる URL を指定してください' })
      .optional(),
    DATADOG_CLIENT_TOKEN: z.string().optional(),
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, { message: 'GTM-XXXX の形式で指定してください' })
      .optional(),
    /**
     * Origins the console's CSP allows beyond its own (site/security.ts): what the tags of a tag manager
     * container load and send (analytics, advertising pixels). Added to script-src, connect-src and img-src.
     */
    CSP_EXTRA_SCRIPT_SRC: cspSources(),
    CSP_EXTRA_CONNECT_SRC: cspSources(),
    CSP_EXTRA_IMG_SRC: cspSources(),
    /**
     * Bearer token that /metrics on the api asks for (Prometheus `authorization: { credentials: … }`). Unset:
     * /metrics answers 404, as if it did not exist; the figures are not for the public.
     */
    METRICS_TOKEN: z
      .string()
      .min(32, { message: '32文字以上のランダムな文字列を指定してください' })
      .optional(),
    /**
     * The embedded database's shared buffers in MB (db/pglite-buffers.ts; default 32). More keeps more of a
     * large company's tables in PGlite's own memory at the cost of resident memory; 128 is PGlite's default.
     */
    PGLITE_SHARED_BUFFERS_MB: z
      .string()
      .regex(/^[1-9][0-9]{0,2}$/, { message: '1〜999 の整数（MB）で指定してください' })
      .optional(),
    /** auto: the demo on an empty embedded PGlite only; demo: on any empty database; off: never (seed-on-start.ts). */
    SEED: z
      .enum(['auto', 'demo', 'off'], { message: 'auto, demo, off のいずれかを指定してください' })
      .default('auto'),
    /**
     * Document searches over every company document remember which documents each page holds, under the
     * company's documents version (documents.service.ts). `off` runs every search in full (the benchmark's
     * uncached rows).
     */
    DOCUMENT_PAGE_CACHE: z
      .enum(['on', 'off'], { message: 'on または off を指定してください' })
      .default('on'),
    /**
     * Behind a load balancer, the client address (login limits, the audit log, the IP address restriction)
     * comes from X-Forwarded-For, but only through the proxies listed here: addresses or CIDR ranges
     * (`10.0.0.0/8,127.0.0.1,::1`), parsed with ipaddr.js. A request from anywhere else is the socket's
     * address whatever headers it sends, so a forged X-Forwarded-For changes nothing.
     */
    TRUSTED_PROXIES: z
      .string()
      .refine((v) => v.split(',').every(isAddressOrRange), {
        message:
          '信頼するプロキシのアドレスか範囲（CIDR）をカンマ区切りで指定してください（例: 10.0.0.0/8,127.0.0.1,::1）',
      })
      .optional(),
    /**
     * The older name: a hop count (`1`) or addresses/CIDRs. A hop count trusts whatever stands in front, so
     * TRUSTED_PROXIES (addresses only) is the one to use; both at once stop start-up.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
        message:
          'プロキシの段数（例: 1）か、信頼するプロキシのアドレス（例: 10.0.0.0/8,127.0.0.1）を指定してください',
      })
      .optional(),
    /**
     * Background jobs one company may have queued and running at once (exports, bulk checks and runs,
     * backfills); one more answers 429 (jobs/company-job-slots.ts). Kept as text like the other variables
     * (a number is read from it by bootstrap), so the parsed env can be parsed again.
     */
    JOBS_PER_COMPANY: z
      .string()
      .regex(/^[1-9][0-9]{0,3}$/, { message: '1〜9999 の件数を指定してください' })
      .default('10'),
    /**
     * PostgreSQL connections of the api role (requests) and of the worker role (jobs, migrations): two pools, so
     * a burst of jobs never takes the connections requests wait for, nor the reverse. Each process opens up
     * to both (plus one for cancelling): size them so that processes × (API + jobs + 1) stays under the
     * server's max_connections.
     */
    DB_POOL_API: countText('1〜999 の接続数を指定してください', '20'),
    DB_POOL_JOBS: countText('1〜999 の接続数を指定してください', '10'),
    /**
     * Longest one API statement may run (PostgreSQL statement_timeout, milliseconds); jobs have none. A
     * statement whose client went away is cancelled at once anyway (db/query-scope.ts).
     */
    DB_STATEMENT_TIMEOUT_MS: countText('1〜999999 のミリ秒数を指定してください', '20000', 6),
    /**
     * The DNS servers that SSO domain verification asks for TXT records (modules/sso/sso-domains.dns.ts):
     * addresses with an optional port (`127.0.0.1:5353,[::1]:53`). Unset: the system's resolvers.
     */
    DNS_SERVERS: z
      .string()
      .refine((v) => v.split(',').every(isDnsServer), {
        message:
          'DNS サーバーのアドレスをカンマ区切りで指定してください（例: 10.0.0.2,127.0.0.1:5353,[::1]:53）',
      })
      .optional(),
    /**
     * Admission control of the api (api/plugins/admission.ts): requests served at once by one process, how
     * many may wait for a turn, and how long (milliseconds). Beyond that a request gets 503 with Retry-After
     * at once, instead of a long wait that ends in a time-out.
     */
    API_MAX_CONCURRENT: countText('1〜999 の件数を指定してください', '32'),
    API_MAX_QUEUED: countText('1〜9999 の件数を指定してください', '200', 4),
    API_QUEUE_WAIT_MS: countText('1〜999999 のミリ秒数を指定してください', '5000', 6),
    /**
     * Requests one client address may have in progress at once, from their first byte, body included (every
     * request on the site, those with a body on the api); one more answers 429 at once
     * (lib/http/client-limits.ts). Sized for an office behind one address; it keeps a single address from
     * holding every connection.
     */
    MAX_CONCURRENT_PER_ADDRESS: countText('1〜9999 の件数を指定してください', '64', 4),
    /**
     * Requests per minute and instance of the api's rate limit (api/plugins/rate-limits.ts): each signed-in
     * member, or else each client address, gets API_REQUESTS_PER_MINUTE; each SCIM token its own
     * SCIM_REQUESTS_PER_MINUTE, so an IdP's sync and the console behind one address never share a bucket.
     */
    API_REQUESTS_PER_MINUTE: countText('1〜999999 の件数を指定してください', '1200', 6),
    SCIM_REQUESTS_PER_MINUTE: countText('1〜999999 の件数を指定してください', '30000', 6),
    /** Requests one signed-in member may have admitted at once on one api process; one more answers 429. */
    API_MAX_CONCURRENT_PER_MEMBER: countText('1〜999 の件数を指定してください', '16'),
    /**
     * Requests one SCIM provisioning token may have in progress at once on one api process, body still
     * arriving included, counted apart from the client address; one more answers 429 in the SCIM error schema.
     * 20 lets an IdP's usual 20 parallel requests through and leaves the rest of API_MAX_CONCURRENT (32) to
     * the console.
     */
    SCIM_MAX_CONCURRENT_PER_TOKEN: countText('1〜999 の件数を指定してください', '20'),
    /**
     * A request body must arrive at BODY_MIN_BYTES_PER_SECOND on average once BODY_GRACE_MS have passed
     * (measured while the server waits for it); slower, the request ends with 408 and its connection closes
     * (lib/http/slow-body-guard.ts), so a body sent one byte at a time holds nothing for long.
     */
    BODY_MIN_BYTES_PER_SECOND: countText('1〜9999999 のバイト数を指定してください', '2048', 7),
    BODY_GRACE_MS: countText('1〜999999 のミリ秒数を指定してください', '10000', 6),
  })
  .transform((e) => ({
    ...e,
    SITE_URL: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    API_URL: (e.API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, ''),
    API_INTERNAL_URL: (e.API_INTERNAL_URL ?? e.API_URL ?? `http://localhost:${e.API_PORT}`).replace(
      /\/$/,
      '',
    ),
  }));

/**
 * Fastify's `trustProxy`: false (reached directly), a test of the peer against TRUSTED_PROXIES (ipaddr.js; each
 * hop of X-Forwarded-For is trusted only while the address it came from is listed), or TRUST_PROXY's older forms.
 */
export function trustProxyOption(
  env: Pick<Env, 'TRUSTED_PROXIES' | 'TRUST_PROXY'>,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (env.TRUSTED_PROXIES !== undefined) {
    const isTrusted = rangeMatcher(env.TRUSTED_PROXIES.split(','));
    return (address) => isTrusted(address);
  }
  const value = env.TRUST_PROXY;
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',');
}

export type Env = z.infer<typeof ZEnv>;

/** The minimum rate request bodies must keep on both servers (lib/http/slow-body-guard.ts). */
export const bodyRateOf = (env: Pick<Env, 'BODY_MIN_BYTES_PER_SECOND' | 'BODY_GRACE_MS'>) => ({
  minBytesPerSecond: Number(env.BODY_MIN_BYTES_PER_SECOND),
  graceMs: Number(env.BODY_GRACE_MS),
});

export class EnvError extends Error {}

/** Parses the given environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join('.')}=${String(cleaned[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new EnvError(`設定に誤りがあるため起動できません:\n${lines.join('\n')}`);
  }
  if (result.data.TRUSTED_PROXIES !== undefined && result.data.TRUST_PROXY !== undefined)
    throw new EnvError(
      '設定に誤りがあるため起動できません:\n  TRUST_PROXY: TRUSTED_PROXIES と同時には指定できません。TRUSTED_PROXIES だけを指定してください',
    );
  return result.data;
}
