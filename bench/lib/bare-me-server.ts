/**
 * The ceiling of `GET /me`: a bare node:http server in its own process doing exactly the product's work for
 * that call and nothing else — the same cached access-token check (same keys, issuer and audience), the same
 * session lookup and touch on the same database through the same pool, the same answer built by the same
 * functions and written with JSON.stringify. No framework, plugins, validation, logging or headers beyond the
 * content type. `startBareMeServer` spawns it (as bench/lib/server-process.ts does the product).
 *
 *   BARE_ME_PORT=… DATABASE_URL=… SITE_URL=… API_URL=… node --import tsx bench/lib/bare-me-server.ts
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { createAccessTokenVerifier } from '../../apps/server/src/auth/access-token.ts';
import {
  findSessionUser,
  toAuthContext,
  toCurrentUser,
} from '../../apps/server/src/auth/current-user.ts';
import { touchSession } from '../../apps/server/src/auth/sessions.ts';
import { loadSigningKeys } from '../../apps/server/src/auth/signing-keys.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { assertNothingAnswers } from './port-free.ts';
import { stopChild } from './stop-child.ts';

const self = fileURLToPath(import.meta.url);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function serve() {
  const env = process.env;
  // The product's api pool: DB_POOL_API and DB_STATEMENT_TIMEOUT_MS at their defaults.
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    poolSize: 20,
    statementTimeoutMs: 20_000,
  });
  const verify = createAccessTokenVerifier(await loadSigningKeys(database.db), {
    issuer: env.SITE_URL!,
    audience: env.API_URL!,
  });
  const answer = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  };
  const me = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const claims = token ? await verify(token, new Date()) : null;
    if (!claims) return answer(res, 401, '{"error":"unauthenticated"}');
    const now = new Date();
    const row = await findSessionUser(database.db, claims, now);
    if (!row) return answer(res, 401, '{"error":"unauthenticated"}');
    await touchSession(database.db, { id: claims.sessionId, lastSeenAt: row.lastSeenAt }, now);
    const auth = toAuthContext(row, claims.sessionId);
    answer(res, 200, JSON.stringify({ user: toCurrentUser(auth.user, auth.company) }));
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/healthz') return answer(res, 200, '{}');
    if (req.method !== 'GET' || req.url !== '/me') return answer(res, 404, '{}');
    me(req, res).catch(() => answer(res, 500, '{"error":"internal"}'));
  });
  server.keepAliveTimeout = 72_000;
  // Where the product listens by default (HOST), so clients reach both the same way.
  server.listen(Number(env.BARE_ME_PORT), 'localhost');
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void database.close().then(() => process.exit(0));
  });
}

export type BareMeServer = { pid: number; url: string; stop: () => Promise<void> };

/** Starts the bare server for the product at `product` (its tokens' issuer and audience) on `port`. */
export async function startBareMeServer(opts: {
  port: number;
  databaseUrl: string;
  product: { siteUrl: string; apiUrl: string };
  /** Extra node flags, e.g. `--cpu-prof`, to profile the ceiling beside the product. */
  nodeArgs?: string[];
}): Promise<BareMeServer> {
  await assertNothingAnswers(`http://localhost:${opts.port}/healthz`);
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', self], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BARE_ME_PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      SITE_URL: opts.product.siteUrl,
      API_URL: opts.product.apiUrl,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-4000)));
  const url = `http://localhost:${opts.port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare /me server exited at start: ${stderr}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`bare /me server did not answer within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid!,
    url,
    stop: () => stopChild(child, 10_000),
  };
}

if (process.argv[1] === self) await serve();
