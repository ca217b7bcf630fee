/**
 * Per-request cost (issue 36): the product's `GET /me` throughput at 20 clients against a bare node:http server
 * doing exactly the same work (bench/lib/bare-me-server.ts: the same cached token check, session lookup and
 * touch, answer and JSON.stringify, on the same database), both in their own processes, alternating in 5 rounds.
 * Members signed in with real sessions trade their cookie for a token at the product's site, as the console does.
 *
 * `BENCH_ME_PROFILE=<dir>` starts the product and the bare server with `--cpu-prof` into that folder (written when
 * they stop; the bare server's file is named by its pid, printed in the log), so their profiles can be compared.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBareMeServer } from './lib/bare-me-server.ts';
import { expectOk } from './lib/http-client.ts';
import { fetchToken } from './lib/load-mix.ts';
import { collectLatencies, interleave, percentile, spreadNote } from './lib/measure.ts';
import { startServer } from './lib/server-process.ts';
import { prepareUsers } from './lib/signed-in-users.ts';
import type { Benchmark, BenchContext, BenchResult } from './lib/types.ts';

/** Site on PORT, api on PORT + 1, the bare server on PORT + 2. */
const PORT = Number(process.env.BENCH_ME_PORT ?? 3430);
const CLIENTS = 20;
/** Members the clients go round: the api's rate limit (1,200 a minute) is per member. */
const MEMBERS = 200;
/** A round of each; `BENCH_ME_ROUND_MS` shortens it for a quick check of the harness. */
const ROUND_MS = Number(process.env.BENCH_ME_ROUND_MS ?? 4000);
const TARGET = 0.8;

type Round = {
  throughput: number;
  /** The server process's CPU time (user + system) per answered request, in µs. */
  cpuUs: number;
  latencies: number[];
  errors: number;
  firstError?: string;
};

/** CPU time a process has used, in ms (Linux /proc: utime and stime, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function run(ctx: BenchContext): Promise<BenchResult> {
  const company = await ctx.largeCompany({ members: ctx.size(2000), documents: 0 });
  const users = await prepareUsers(ctx.database, company.companyId, MEMBERS);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-me-'));
  const profileDir = process.env.BENCH_ME_PROFILE;
  const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const product = await startServer({
    port: PORT,
    dataDir,
    databaseUrl: ctx.databaseUrl,
    nodeArgs,
    // One member's clients ask thousands of times a minute: the limiter still counts every request (its cost
    // stays in the figure) but must not answer 429, which is not the work measured.
    env: { API_REQUESTS_PER_MINUTE: '999999' },
  });
  const bare = await startBareMeServer({
    port: PORT + 2,
    databaseUrl: ctx.databaseUrl,
    product,
    nodeArgs,
  });
  if (profileDir)
    ctx.log(
      `GET /me: profiles of the product (pid ${product.pid}) and the bare server (pid ${bare.pid})`,
    );
  try {
    const tokens: string[] = [];
    for (const user of users) tokens.push(await fetchToken(product, user));
    const me = async (base: string, i: number) =>
      (
        await expectOk(`${base}/me`, {
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        })
      ).body.toString('utf8');

    // Like for like: the bare server answers what the product answers, for every member.
    let isByteEqual = true;
    for (let i = 0; i < tokens.length; i += 1) {
      const [a, b] = [await me(product.apiUrl, i), await me(bare.url, i)];
      assert.deepEqual(JSON.parse(b), JSON.parse(a), `GET /me differs for member ${i}`);
      isByteEqual &&= a === b;
    }

    const roundOf = (base: string, pid: number) => async (): Promise<Round> => {
      const cpu0 = cpuMsOf(pid);
      const s = await collectLatencies({
        clients: CLIENTS,
        durationMs: ROUND_MS,
        run: async (_c, i) => void (await me(base, i)),
      });
      const cpuUs = ((cpuMsOf(pid) - cpu0) * 1000) / s.latencies.length;
      return { ...s, cpuUs, throughput: s.latencies.length / (s.durationMs / 1000) };
    };
    const figureRound = roundOf(product.apiUrl, product.pid);
    const ceilingRound = roundOf(bare.url, bare.pid);
    ctx.log('GET /me: warm-up of both servers');
    await figureRound();
    await ceilingRound();

    const rounds = { figure: [] as Round[], ceiling: [] as Round[] };
    const load0 = os.loadavg()[0]!;
    const { ratios } = await interleave({
      figure: async () => {
        const r = await figureRound();
        rounds.figure.push(r);
        return [r.throughput];
      },
      ceiling: async () => {
        const r = await ceilingRound();
        rounds.ceiling.push(r);
        return [r.throughput];
      },
      stat: (s) => s[0]!,
    });
    const load1 = os.loadavg()[0]!;
    for (const [name, rs] of Object.entries(rounds)) {
      const failed = rs.reduce((n, r) => n + r.errors, 0);
      if (failed > 0)
        throw new Error(
          `${name}: ${failed} requests failed: ${rs.find((r) => r.firstError)?.firstError}`,
        );
    }
    const mean = (rs: Round[], of: (r: Round) => number = (r) => r.throughput) =>
      rs.reduce((s, r) => s + of(r), 0) / rs.length;
    const cpu = (rs: Round[]) => Math.round(mean(rs, (r) => r.cpuUs));
    const p = (rs: Round[], q: number) =>
      percentile(
        rs.flatMap((r) => r.latencies).sort((a, b) => a - b),
        q,
      ).toFixed(1);
    const figure = Math.round(mean(rounds.figure));
    const ceiling = Math.round(mean(rounds.ceiling));
    return {
      figure,
      ceiling,
      unit: 'req/s',
      pass: figure >= TARGET * ceiling,
      note:
        `${CLIENTS} clients, ${MEMBERS} members, ${ROUND_MS / 1000} s a round; ratio ×${(figure / ceiling).toFixed(2)}; ` +
        `p50/p99 ${p(rounds.figure, 50)}/${p(rounds.figure, 99)} ms (ceiling ${p(rounds.ceiling, 50)}/${p(rounds.ceiling, 99)} ms); ` +
        `server CPU ${cpu(rounds.figure)} µs a request (ceiling ${cpu(rounds.ceiling)} µs); ` +
        `answers equal${isByteEqual ? ' byte for byte' : ' as JSON'}; load ${load0.toFixed(2)} → ${load1.toFixed(2)}; ${spreadNote(ratios)}`,
    };
  } finally {
    await Promise.all([product.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const benchmarks: Benchmark[] = [
  {
    name: `GET /me: throughput at ${CLIENTS} clients vs a bare server (PostgreSQL)`,
    target: `≥ ${TARGET}× ceiling`,
    run,
  },
];
