/**
 * Scrolling smoothness of a console list in the system Chromium (`page=-1` "scrolls without
 * dropping frames"): the console is opened signed in, the list is scrolled a fixed distance every animation
 * frame, and the time between frames is recorded. A frame later than 1.5 vsync intervals is a dropped one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const VSYNC_MS = 1000 / 60;
export const LATE_FRAME_MS = VSYNC_MS * 1.5;

/**
 * The built console the server will serve (with its first-screen renderer): CONSOLE_DIST_DIR if it holds a build, else a fresh build into a
 * temporary folder (the server reads the same variable, so set it before starting the server).
 */
export function ensureConsoleBuild(): string {
  const given = process.env.CONSOLE_DIST_DIR;
  if (given && existsSync(path.join(given, 'index.html'))) return given;
  const dir = given ?? mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-console-'));
  // The browser's bundle, then the first-screen renderer the site loads (as `npm run build` does).
  for (const ssr of [[], ['--ssr', 'src/entry-server.tsx']])
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/console/vite.config.ts',
        '--logLevel',
        'warn',
        ...ssr,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, CONSOLE_DIST_DIR: dir },
        stdio: 'inherit',
      },
    );
  process.env.CONSOLE_DIST_DIR = dir;
  return dir;
}

export type ScrollFrames = {
  frames: number;
  late: number;
  p50: number;
  p99: number;
  max: number;
  /** Rows in the DOM at the end: a virtual list keeps this small whatever the total. */
  renderedRows: number;
  /** How far the list moved, in px (proves it scrolled). */
  scrolled: number;
  /** From navigation to the first rows of the full list. */
  loadMs: number;
};

export async function measureScrollFrames(opts: {
  siteUrl: string;
  sessionCookie: string;
  path: string;
  listName: string;
  rowTestId: string;
  frames?: number;
  pxPerFrame?: number;
}): Promise<ScrollFrames> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({
      locale: 'ja-JP',
      viewport: { width: 1366, height: 860 },
    });
    await context.addCookies([
      { name: 'cs_session', value: opts.sessionCookie, url: opts.siteUrl },
    ]);
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${opts.siteUrl}${opts.path}`);
    const list = page.getByRole('list', { name: opts.listName });
    await list.getByTestId(opts.rowTestId).first().waitFor({ timeout: 120_000 });
    const loadMs = performance.now() - t0;
    // No DOM typings here: the element is reached untyped.
    await list.evaluate(
      (el) =>
        void (el as unknown as { setAttribute: (n: string, v: string) => void }).setAttribute(
          'data-bench-scroll',
          '',
        ),
    );
    // Plain text run in the page: the bench's transpiler would add helpers the page does not have.
    const intervals = await page.evaluate<{
      intervals: number[];
      scrolled: number;
    }>(`new Promise((resolve) => {
      let box = document.querySelector('[data-bench-scroll]');
      while (box && box.scrollHeight <= box.clientHeight + 1) box = box.parentElement;
      const start = box.scrollTop;
      const out = [];
      let last = -1;
      const step = (t) => {
        if (last >= 0) out.push(t - last);
        last = t;
        box.scrollTop += ${opts.pxPerFrame ?? 400};
        if (out.length < ${opts.frames ?? 300}) requestAnimationFrame(step);
        else resolve({ intervals: out, scrolled: box.scrollTop - start });
      };
      requestAnimationFrame(step);
    })`);
    const renderedRows = await list.getByTestId(opts.rowTestId).count();
    const sorted = [...intervals.intervals].sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return {
      frames: sorted.length,
      late: sorted.filter((x) => x > LATE_FRAME_MS).length,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted.at(-1) ?? 0,
      renderedRows,
      scrolled: intervals.scrolled,
      loadMs,
    };
  } finally {
    await browser.close();
  }
}
