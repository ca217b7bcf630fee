import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/support/test-deps.ts';

const run = promisify(execFile);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-cli.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-seed-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run seed -- …` as a user would, on PGlite in a temporary DATA_DIR. */
async function seed(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const r = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env,
      timeout: 110_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

describe('npm run seed', () => {
  it('explains bad arguments in Japanese, before touching any database', async () => {
    // Four processes at once: each starts Node with tsx, which dominates the time.
    const [none, badCount, badPlan, unknown] = await Promise.all([
      seed('--members', '5'),
      seed('--company', 'X', '--members', '十'),
      seed('--company', 'X', '--members', '1', '--plan', 'gold'),
      seed('--bogus'),
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('--demo か --company のどちらか一方を指定してください。');
    expect(none.stderr).toContain('使い方:');
    expect(badCount.stderr).toContain(
      '--members（メンバー数）は1〜10,000,000の整数で指定してください（指定値: 十）。',
    );
    expect(badPlan.stderr).toContain(
      '--plan は free, light, corporate, business, enterprise のいずれかを指定してください（指定値: gold）。',
    );
    expect(unknown.stderr).toContain('引数が正しくありません');
  }, 120_000);

  // The PostgreSQL path of the same code is covered by large-seed.test.ts; this checks the command itself.
  it.skipIf(isPostgresRun())(
    'adds a large company and prints what it made and how long it took',
    async () => {
      const r = await seed(
        '--company',
        'ベンチ商事',
        '--members',
        '30',
        '--documents',
        '40',
        '--plan',
        'business',
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('「ベンチ商事」を作成します: メンバー 30名、書類 40件');
      expect(r.stdout).toMatch(/作成しました（[\d.]+秒: メンバー [\d.]+秒、書類 [\d.]+秒）/);
      expect(r.stdout).toContain('メンバー 30名、書類 40件、参加者 80件');
      expect(r.stdout).toMatch(
        /管理者ログイン: admin@c[0-9a-f]{8}\.example\.com（パスワード password）/,
      );
    },
    120_000,
  );
});
