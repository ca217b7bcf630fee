import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real built app (docs/design.md §7): per worker a server (the first: site on 3100,
 * api on 3101) with a fresh database in a temporary DATA_DIR seeded with the demo companies. The system Chromium only; never a download.
 */
// E2E_SITE_URL/E2E_API_URL point the specs at an already running server (no webServer is started then).
const external = process.env.E2E_SITE_URL;
// E2E_PORT moves the started servers (site on it, api on the next port) so runs can share a machine.
const basePort = Number(process.env.E2E_PORT ?? 3100);
/**
 * Spec files run on E2E_WORKERS workers (2 by default; 1 against an external server), each against a server of
 * its own: its own ports (100 apart) and its own DATA_DIR with the demo companies, so one worker's changes to the
 * demo company (MFA required, SSO, sessions ended) never reach another's pages (docs/decisions.md "The test loop").
 */
const workers = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** This process's server: the runner loads this file as slot 0, each worker again with its parallel index. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % workers;
const portsOf = (n: number) => ({
  site: basePort + 100 * n,
  api: basePort + 100 * n + 1,
  dns: basePort + 100 * n + 53,
});
const ports = portsOf(slot);
export const SITE_URL = external ?? `http://localhost:${ports.site}`;
export const API_URL = process.env.E2E_API_URL ?? `http://localhost:${ports.api}`;
/** The DNS server the started server verifies SSO domains through; the SSO spec starts it (dnsmasq). */
export const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? ports.dns);

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The config is loaded by the runner and again by each worker; workers inherit these from the runner's env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cloudsign-e2e-'));
process.env.E2E_RUN_ID ??= String(process.pid);
const dataDirOf = (n: number) => path.join(process.env.E2E_DATA_DIR!, `server-${n}`);
/** This worker's server's DATA_DIR (its outbox is read by support/outbox.ts); an external server's is E2E_DATA_DIR. */
export const DATA_DIR = external ? process.env.E2E_DATA_DIR : dataDirOf(slot);

/** One started server, as `npm start` runs it, for slot `n`. */
function serverOf(n: number) {
  const { site, api, dns } = portsOf(n);
  return {
    // What `npm start` runs: the server bundle (made again only when a source changed), so the browser tests
    // cover the artifact people start, libraries bundled in.
    command:
      'node tooling/build-server.ts && node --liftoff-only --max-semi-space-size=2 apps/server/dist/main.mjs',
    cwd: repoRoot,
    url: `http://localhost:${site}/login`,
    // The first start migrates and seeds the demo companies (2,000 documents with PDFs).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDirOf(n),
      PORT: String(site),
      API_PORT: String(api),
      SITE_URL: `http://localhost:${site}`,
      API_URL: `http://localhost:${api}`,
      SEED: 'auto',
      LOG_LEVEL: 'warn',
      DNS_SERVERS: `127.0.0.1:${dns}`,
      // A first-screen render that throws breaks the page instead of hiding behind the plain one.
      FIRST_SCREEN: 'strict',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per run: several people's runs on one machine must not delete each other's traces.
  outputDir: path.join(repoRoot, 'test-results', `run-${process.env.E2E_RUN_ID}`),
  workers,
  // Tests of one file run in order on one worker (they build on each other); files are spread over the workers.
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: SITE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1366, height: 860 },
    // Recording a trace costs about a third of the suite's time (docs/decisions.md "The test loop"): a failure's
    // retry records one, which is what a person opens to see why.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: external ? undefined : Array.from({ length: workers }, (_, n) => serverOf(n)),
});
