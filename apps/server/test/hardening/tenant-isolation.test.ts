/**
 * Issue 8, suite 2 — tenant isolation as a property: random sequences of creates, edits, moves and copies,
 * PDF imports, attribute edits, member and attribute bulk runs, exports and cross-company probes in two
 * companies, through the real API with the job worker in-process. After each sequence, every list, search,
 * count, detail, history and CSV of each company holds nothing of the other (see tenant-isolation.audit.ts).
 * Each run gets a fresh pair of companies in the same database. FC_SEED / FC_RUNS replay or widen a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { audit } from './tenant-isolation.audit.ts';
import { commandArbs } from './tenant-isolation.commands.ts';
import { makeWorld, type Model } from './tenant-isolation.world.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const numRuns = Number(process.env.FC_RUNS ?? 4);

describe('tenant isolation (model-based, two companies per run)', () => {
  it(
    'no list, search, count, export or CSV of one company shows anything of the other',
    { timeout: 600_000 },
    async () => {
      const stats = { runs: 0, commands: 0, reads: 0, byName: new Map<string, number>() };
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(
          // fc.commands favours short sequences; at least 8 make each pair of companies worth its audit.
          fc
            .commands(commandArbs, { maxCommands: 16, size: 'max' })
            .filter((cmds) => [...cmds].length >= 8),
          async (cmds) => {
            const model: Model = await makeWorld(deps, app);
            await fc.asyncModelRun(() => ({ model, real: { app, deps } }), cmds);
            stats.runs += 1;
            for (const name of model.ran) stats.byName.set(name, (stats.byName.get(name) ?? 0) + 1);
            stats.commands += model.ran.length;
            const t0 = Date.now();
            // Both companies at once: their export jobs overlap, and neither audit writes what the other reads.
            const reads = await Promise.all([
              audit(model.sides[0], model.sides[1], { app, deps }),
              audit(model.sides[1], model.sides[0], { app, deps }),
            ]);
            stats.reads += reads[0] + reads[1];
            if (process.env.FC_TRACE) console.log(`audit: ${Date.now() - t0} ms`);
          },
        ),
        { seed, numRuns, endOnFailure: false },
      );
      console.log(
        `tenant isolation: seed ${seed}, ${stats.runs} runs, ${stats.commands} commands run ` +
          `(${[...stats.byName].map(([k, v]) => `${k} ${v}`).join(', ')}), ${stats.reads} reads audited, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(stats.runs).toBe(numRuns);
    },
  );
});
