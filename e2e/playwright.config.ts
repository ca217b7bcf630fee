import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real built app (docs/design.md §7): site on 3100, api on 3101, a fresh database
 * in a temporary DATA_DIR seeded with the demo companies. The system Chromium only; never a download.
 */
// E2E_SITE_URL/E2E_API_URL point the specs at an already running server (no webServer is started then).
const external = process.env.E2E_SITE_URL;
// E2E_PORT moves the started server (site on it, api on the next port) so runs can share a machine.
const sitePort = Number(process.env.E2E_PORT ?? 3100);
export const SITE_URL = external ?? `http://localhost:${sitePort}`;
export const API_URL = process.env.E2E_API_URL ?? `http://localhost:${sitePort + 1}`;
/** The DNS server the started server verifies SSO domains through; the SSO spec starts it (dnsmasq). */
export const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? sitePort + 53);

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The config is loaded by the runner and again by each worker; workers inherit these from the runner's env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cloudsign-e2e-'));
process.env.E2E_RUN_ID ??= String(process.pid);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per run: several people's runs on one machine must not delete each other's traces.
  outputDir: path.join(repoRoot, 'test-results', `run-${process.env.E2E_RUN_ID}`),
  workers: 1,
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
    trace: 'retain-on-failure',
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
  webServer: external
    ? undefined
    : {
        // What `npm start` runs: the server bundle (made again only when a source changed), so the browser tests
        // cover the artifact people start, libraries bundled in.
        command:
          'node tooling/build-server.ts && node --liftoff-only --max-semi-space-size=2 apps/server/dist/main.mjs',
        cwd: repoRoot,
        url: `${SITE_URL}/login`,
        // The first start migrates and seeds the demo companies (2,000 documents with PDFs).
        timeout: 600_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PORT: String(sitePort),
          API_PORT: String(sitePort + 1),
          SITE_URL,
          API_URL,
          SEED: 'auto',
          LOG_LEVEL: 'warn',
          DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
          // A first-screen render that throws breaks the page instead of hiding behind the plain one.
          FIRST_SCREEN: 'strict',
        },
      },
});
