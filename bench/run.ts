/**
 * `npm run bench [-- --only <pattern>] [--scale <0..1>] [--list]`: runs every benchmark of bench/*.bench.ts
 * against a fresh PostgreSQL database and prints one table (figure, ceiling measured in the same run, ratio,
 * target, pass or short), also written to a file with the machine it ran on: bench/RESULTS.md for a whole run,
 * bench/.tmp/partial-results.md for a run of some rows (`--only`), BENCH_RESULTS to choose.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_BENCH_URL, openContext } from './lib/context.ts';
import { formatMarkdown, formatTerminal, machine, type Row } from './lib/table.ts';
import type { Benchmark } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (m: string) => console.error(`[bench] ${m}`);

type Found = { file: string; benchmark: Benchmark };

class ModuleError extends Error {}

/** A module that cannot be used still gets a row, so a broken file shows in the table instead of vanishing. */
const broken = (file: string, message: string): Benchmark => ({
  name: file,
  target: '-',
  run: () => Promise.reject(new ModuleError(message)),
});

async function discover(): Promise<Found[]> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const found: Found[] = [];
  for (const file of files) {
    try {
      const mod = (await import(pathToFileURL(path.join(here, file)).href)) as {
        benchmarks?: unknown;
      };
      if (!Array.isArray(mod.benchmarks)) {
        found.push({
          file,
          benchmark: broken(
            file,
            'benchmarks: Benchmark[] を export していません（bench/lib/types.ts 参照）',
          ),
        });
        continue;
      }
      for (const b of mod.benchmarks as Benchmark[]) found.push({ file, benchmark: b });
    } catch (e) {
      found.push({
        file,
        benchmark: broken(file, `読み込めません: ${e instanceof Error ? e.message : String(e)}`),
      });
    }
  }
  return found;
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${Math.round(ms / 1000)} 秒で打ち切りました（${name}）`)),
      ms,
    );
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      scale: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      '使い方: npm run bench -- [--only <パターン>] [--scale <0より大きく1以下>] [--list]',
    );
    return 0;
  }
  const scale =
    values.scale === undefined ? Number(process.env.BENCH_SCALE ?? 1) : Number(values.scale);
  if (!(scale > 0 && scale <= 1))
    throw new Error(
      `--scale は 0 より大きく 1 以下の数で指定してください（指定値: ${values.scale}）。`,
    );
  let only: RegExp | undefined;
  try {
    only = values.only ? new RegExp(values.only, 'i') : undefined;
  } catch {
    throw new Error(`--only のパターンが正しくありません: ${values.only}`);
  }
  const all = await discover();
  const selected = all.filter((f) => !only || only.test(f.benchmark.name) || only.test(f.file));
  if (values.list) {
    for (const f of all)
      console.log(`${f.file.padEnd(28)} ${f.benchmark.name}  (${f.benchmark.target})`);
    return 0;
  }
  if (selected.length === 0)
    throw new Error(
      `該当するベンチマークがありません（--only ${values.only ?? ''}）。--list で一覧を確認できます。`,
    );

  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
  const timeoutMs = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 1800) * 1000;
  const started = performance.now();
  const { ctx, pgVersion, close } = await openContext({ adminUrl, scale, log, only }).catch(
    (e: unknown) => {
      throw new Error(
        `PostgreSQL（${adminUrl}）に接続できません。BENCH_DATABASE_URL を確認してください: ${e instanceof Error ? e.message : String(e)}`,
      );
    },
  );
  const rows: Row[] = [];
  // A run of some rows does not replace the record (RESULTS.md also holds the sessions' measured sections):
  // its table goes to an ignored file unless BENCH_RESULTS names one.
  const file =
    process.env.BENCH_RESULTS ??
    (values.only ? path.join(here, '.tmp', 'partial-results.md') : path.join(here, 'RESULTS.md'));
  mkdirSync(path.dirname(file), { recursive: true });
  const write = (pending: number) =>
    writeFileSync(
      file,
      formatMarkdown(rows, machine(pgVersion), {
        date: new Date().toISOString(),
        filter: values.only,
        scale,
        totalSeconds: (performance.now() - started) / 1000,
        pending,
      }),
    );
  try {
    for (const { file, benchmark } of selected) {
      log(`${benchmark.name}（${file}）…`);
      const t0 = performance.now();
      try {
        const r = await withTimeout(benchmark.run(ctx), timeoutMs, benchmark.name);
        rows.push({
          name: benchmark.name,
          target: benchmark.target,
          ...r,
          seconds: (performance.now() - t0) / 1000,
        });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        log(
          `${benchmark.name}: 失敗: ${e instanceof Error && !(e instanceof ModuleError) ? (e.stack ?? message) : message}`,
        );
        rows.push({
          name: benchmark.name,
          target: benchmark.target,
          error: message.split('\n')[0]!.slice(0, 200),
          seconds: (performance.now() - t0) / 1000,
        });
      }
      log(`${benchmark.name}: ${rows[rows.length - 1]!.seconds.toFixed(1)} 秒`);
      // Written after every benchmark, so a long run stopped part-way still leaves what it measured.
      write(selected.length - rows.length);
    }
  } finally {
    await close();
  }
  const m = machine(pgVersion);
  console.log(`\n${formatTerminal(rows)}\n`);
  console.log(`${m.cpus}, ${m.memory}, Node ${m.node}, PostgreSQL ${m.postgres}, load ${m.load}`);
  write(0);
  console.log(`結果を ${path.relative(process.cwd(), file)} に書き出しました。`);
  return rows.some((r) => r.error !== undefined) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
