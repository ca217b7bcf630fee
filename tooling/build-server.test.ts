/**
 * The server bundle runs from wherever its folder is copied: built in one temporary folder, moved to another
 * (the build's folder removed), started there on its embedded database with node_modules reachable beside it,
 * as a deployment copies it. The login page answers from the copied templates, every migration of the copied
 * drizzle folder is applied, the demo seed draws its PDFs with the copied worker, the copied console is served,
 * and no path of the build machine is in the bundle.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { buildServer, ensurePgliteTemplate, syncConsole } from './build-server.ts';
import {
  PGLITE_TEMPLATE,
  PGLITE_TEMPLATE_DIR,
  stampOf,
} from '../apps/server/src/db/pglite-template.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3600);
const temps: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), name));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

it('runs the bundle from a folder copied elsewhere', { timeout: 300_000 }, async () => {
  // Built as `npm start` builds it, into a folder of its own, with a console build beside it.
  const built = tempDir('server-build-');
  const outfile = path.join(built, 'dist/main.mjs');
  await buildServer(outfile);
  await ensurePgliteTemplate();
  for (const file of [PGLITE_TEMPLATE, PGLITE_TEMPLATE_DIR].flatMap((t) => [t, stampOf(t)]))
    cpSync(file, path.join(built, 'dist', path.basename(file)), { recursive: true });
  const consoleDist = path.join(built, 'console-build');
  mkdirSync(consoleDist);
  writeFileSync(path.join(consoleDist, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(consoleDist, 'console-probe.txt'), 'the copied console');
  writeFileSync(path.join(consoleDist, '.inputs-sha256'), 'stand-in\n');
  syncConsole(outfile, consoleDist);

  for (const file of ['server.mjs', 'pdf-worker.mjs']) {
    const bundle = readFileSync(path.join(built, 'dist', file), 'utf8');
    expect(bundle).not.toContain(root);
    expect(bundle).not.toContain(built);
  }

  // Copied elsewhere; the build's folder and the console it came from are gone.
  const deployed = tempDir('server-copy-');
  cpSync(path.join(built, 'dist'), path.join(deployed, 'dist'), { recursive: true });
  rmSync(built, { recursive: true, force: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(deployed, 'node_modules'));

  const child = spawn(
    process.execPath,
    ['--liftoff-only', path.join(deployed, 'dist/main.mjs'), '--role=site,api'],
    {
      cwd: deployed,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: path.join(deployed, 'data'),
        PORT: String(PORT),
        API_PORT: String(PORT + 1),
        HOST: '127.0.0.1',
        SEED: 'demo',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        output.push(line);
        if (line.includes('"msg":"started"')) resolve();
      });
      child.once('exit', (code) =>
        reject(new Error(`the copied bundle exited with ${code}:\n${output.join('\n')}`)),
      );
    });
    const login = await fetch(`http://127.0.0.1:${PORT}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('ログイン');
    const probe = await fetch(`http://127.0.0.1:${PORT}/console-probe.txt`);
    expect(await probe.text()).toBe('the copied console');
    expect(output.join('\n')).toContain('デモデータを作成しました');
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  // Every migration of the copied folder is recorded in the deployed database.
  const { openPgliteAt } = await import('../apps/server/src/db/client.ts');
  const { database } = await openPgliteAt(path.join(deployed, 'data/pglite'));
  try {
    const { rows } = await database.raw.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const journal = JSON.parse(
      readFileSync(path.join(deployed, 'dist/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(rows[0]?.n).toBe(journal.entries.length);
    expect(journal.entries.length).toBeGreaterThan(0);
    // Each of the demo's documents has its PDF, drawn by the worker that was copied with the bundle.
    const files = await database.raw.query<{ key: string }>(
      'select storage_key as key from document_files',
    );
    expect(files.rows.length).toBe(2020);
    const first = readFileSync(path.join(deployed, 'data/files', files.rows[0]!.key));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await database.close();
  }
});

it('copies a console built without its stamp over an older copy', () => {
  const dir = tempDir('console-sync-');
  const outfile = path.join(dir, 'dist/main.mjs');
  const consoleDist = path.join(dir, 'console-build');
  mkdirSync(consoleDist, { recursive: true });
  writeFileSync(path.join(consoleDist, 'index.html'), 'first build');
  writeFileSync(path.join(consoleDist, '.inputs-sha256'), 'first\n');
  syncConsole(outfile, consoleDist);
  // Vite alone (`npm run build`) empties the folder: the new build has no stamp.
  rmSync(consoleDist, { recursive: true });
  mkdirSync(consoleDist);
  writeFileSync(path.join(consoleDist, 'index.html'), 'second build');
  syncConsole(outfile, consoleDist);
  expect(readFileSync(path.join(dir, 'dist/console/index.html'), 'utf8')).toBe('second build');
});
