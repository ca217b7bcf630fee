/**
 * The product as it runs in production, in its own process (site + api + worker on one database), so a
 * load benchmark's clients and the server do not share an event loop. Stopped with SIGTERM, then SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertNothingAnswers } from './port-free.ts';
import { stopChild } from './stop-child.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  pid: number;
  siteUrl: string;
  apiUrl: string;
  stop: () => Promise<void>;
  stderr: () => string;
};

export async function startServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Extra node flags, e.g. `--cpu-prof` to profile the server under a benchmark's load. */
  nodeArgs?: string[];
  /** Extra environment variables of the server (configuration, e.g. DOCUMENT_PAGE_CACHE). */
  env?: Record<string, string>;
  /**
   * Run the built bundle (`apps/server/dist/main.mjs`, as `npm start` does; it must be built) instead of the
   * sources through tsx: for figures of the server as it runs, memory above all.
   */
  bundle?: boolean;
  /** Arguments of the server, e.g. `--role=api` for an api process without the site and worker. */
  args?: string[];
}): Promise<ServerProcess> {
  const siteUrl = `http://localhost:${opts.port}`;
  const apiUrl = `http://localhost:${opts.port + 1}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    API_PORT: String(opts.port + 1),
    SITE_URL: siteUrl,
    API_URL: apiUrl,
    SEED: 'off',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  await assertNothingAnswers(`${apiUrl}/healthz`);
  // Without DATABASE_URL the server opens PGlite in DATA_DIR.
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(opts.nodeArgs ?? []),
      ...(opts.bundle
        ? [path.join(repoRoot, 'apps/server/dist/main.mjs')]
        : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]),
      ...(opts.args ?? []),
    ],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000);
  });

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${stderr}`);
    const ok = await fetch(`${apiUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /healthz within 120 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    pid: child.pid!,
    siteUrl,
    apiUrl,
    stderr: () => stderr,
    stop: () => stopChild(child),
  };
}
