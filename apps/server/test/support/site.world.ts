/** Helpers for the site's tests: members with real argon2 passwords, form posts, cookie handling. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/auth/passwords.ts';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import type { AppDeps } from '../../src/deps.ts';
import { makeUser } from './fixtures.ts';

export const PASSWORD = 'correct-horse-42';

let cachedHash: Promise<string> | undefined;
/** argon2 is slow on purpose; one hash of PASSWORD serves every member of a test file. */
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export async function makeLoginUser(
  deps: AppDeps,
  companyId: string,
  over: Parameters<typeof makeUser>[2] = {},
) {
  return makeUser(deps, companyId, { passwordHash: await passwordHash(), ...over });
}

/** A temporary console build: its manifest (what the site composes pages from) and one hashed asset. */
export function makeTempDist(manifest: Record<string, unknown> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-1.css'], isEntry: true },
      ...manifest,
    }),
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: form(fields),
    remoteAddress: opts.ip,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.cookie ? { cookie: `${SESSION_COOKIE}=${opts.cookie}` } : {}),
      ...opts.headers,
    },
  });
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export async function logIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  opts: { ip?: string; returnTo?: string } = {},
) {
  const res = await postForm(
    app,
    '/login',
    { email, password, ...(opts.returnTo ? { return_to: opts.returnTo } : {}) },
    { ip: opts.ip },
  );
  return { res, cookie: sessionCookieOf(res) };
}

export const tokenRequest = (
  app: FastifyInstance,
  cookie: string | undefined,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'GET',
    url: '/api/token/jwt',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      ...headers,
    },
  });

/** Waits until no job of the kind is queued or running (pg-boss), e.g. a mail the site sent through a job. */
export async function jobsSettled(deps: AppDeps, name: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await deps.database.raw.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'`,
      [name],
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > until) throw new Error(`jobs ${name} still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
