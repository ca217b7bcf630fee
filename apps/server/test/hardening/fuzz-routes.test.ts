/**
 * Input fuzzing from the contract: every operation of the API's own /openapi.json gets
 * valid, boundary and broken path parameters, queries and bodies from fast-check. Each answer must be no
 * 5xx, match its declared schema (2xx) or the one error shape, say its charset, and leak nothing.
 * The seed is printed; FUZZ_SEED replays a run, FUZZ_RUNS sets the cases per operation.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerProblems } from './fuzz-checks.ts';
import {
  echoesOf,
  fuzzCaseArb,
  operationsOf,
  urlOf,
  type FuzzCase,
  type Operation,
} from './fuzz-cases.ts';
import { createFuzzWorld, idKindOf, type FuzzWorld } from './fuzz.world.ts';

const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
/** Cases generated per operation (the seed fixes which); FUZZ_RUNS overrides. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);
/**
 * The fixed time budget (FUZZ_BUDGET_S, default 50 s) is split evenly over the operations: on a slow or busy
 * machine each runs the first cases of its sequence that fit its share (never fewer than MIN_RUNS), so the
 * suite stays within its time and every operation is still fuzzed. The counts run are printed.
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S ?? 50) * 1000;
const MIN_RUNS = 10;

let world: FuzzWorld;
let operations: Operation[];

beforeAll(async () => {
  world = await createFuzzWorld();
  const doc = await world.app.inject({ method: 'GET', url: '/openapi.json' });
  operations = operationsOf(doc.json());
}, 120_000);
afterAll(async () => world?.close());

const describeCase = (op: Operation, c: FuzzCase) => {
  const body = c.body
    ? ` ${c.body.contentType} ${(Buffer.isBuffer(c.body.payload) ? c.body.payload.toString('latin1') : c.body.payload).slice(0, 160)}`
    : '';
  return `${c.mode}: ${op.method} ${urlOf(op, c).slice(0, 200)}${body}`;
};

it(
  'every operation answers generated input without a 5xx, in its declared shape, with a charset, leaking nothing',
  { timeout: 600_000 },
  async () => {
    console.log(
      `fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS_PER_OPERATION} cases per operation, ${operations.length} operations`,
    );
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const counts: string[] = [];
    let total = 0;
    let call = 0;
    const started = Date.now();
    for (const [index, op] of operations.entries()) {
      const cases = fc.sample(
        fuzzCaseArb(op, {
          ids: world.ids,
          pools: world.pools,
          kindOf: (param) => idKindOf(op.path, param),
        }),
        {
          seed: SEED + index,
          numRuns: RUNS_PER_OPERATION,
        },
      );
      const statuses = new Map<number, number>();
      const opStarted = Date.now();
      let run = 0;
      for (const c of cases) {
        if (run >= MIN_RUNS && Date.now() - opStarted > BUDGET_MS / operations.length) break;
        run += 1;
        const headers = {
          ...world.callers[call % world.callers.length]!,
          ...(c.body ? { 'content-type': c.body.contentType } : {}),
        };
        call += 1;
        const res = await world.app.inject({
          method: op.method,
          url: urlOf(op, c),
          headers,
          ...(c.body ? { payload: c.body.payload } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const declared = op.responses[String(res.statusCode)];
        const problems = answerProblems(
          res,
          declared?.content?.['application/json']?.schema,
          echoesOf(c),
        );
        if (res.statusCode < 300 && !declared) problems.push(`undeclared status ${res.statusCode}`);
        if (problems.length > 0)
          failures.push(
            `${describeCase(op, c)}\n    → ${res.statusCode} ${problems.join('; ')}\n    body: ${res.body.slice(0, 300)}`,
          );
      }
      total += run;
      counts.push(
        `${String(run).padStart(5)}  ${op.method.padEnd(6)} ${op.path}  [${[...statuses]
          .sort()
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}]`,
      );
    }
    console.log(
      `fuzz cases per operation:\n${counts.join('\n')}\nfuzz total: ${total} cases in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures.slice(0, 30), `${failures.length} failing cases (seed ${SEED})`).toEqual([]);
  },
);

it('characters PostgreSQL cannot store (NUL, a lone surrogate) are refused as 400 naming the field, in body and query', async () => {
  const headers = { ...world.callers[0]!, 'content-type': 'application/json' };
  const cases: { method: 'GET' | 'POST'; url: string; payload?: string; path: string }[] = [
    { method: 'POST', url: '/cabinets', payload: '{"name":"a\\u0000b"}', path: 'name' },
    {
      method: 'POST',
      url: '/members/export/csv',
      payload: '{"filters":{"keyword":"\\ud800"},"encoding":"sjis"}',
      path: 'filters.keyword',
    },
    { method: 'POST', url: '/member_groups', payload: '{"name":"x\\udc00y"}', path: 'name' },
    { method: 'GET', url: '/members?keyword=%00', path: 'keyword' },
    { method: 'GET', url: '/documents?keyword=a%00', path: 'keyword' },
  ];
  for (const c of cases) {
    const res = await world.app.inject({
      method: c.method,
      url: c.url,
      headers,
      ...(c.payload ? { payload: c.payload } : {}),
    });
    expect([c.url, res.statusCode], res.body).toEqual([c.url, 400]);
    const body = res.json<{
      error: { code: string; details: { path: string; message: string }[] };
    }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d) => d.path)).toEqual([c.path]);
    expect(answerProblems(res, undefined, [])).toEqual([]);
  }
});
