/**
 * A worker that stops (SIGTERM, a deploy) tells its long handlers at once: each gives its job back at its next
 * batch, so the stop takes a batch instead of the graceful wait, no handler runs on into closed database pools,
 * and the job is retried by a worker that stays.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { z } from 'zod';
import { createJobs, JobsStopping } from './jobs.ts';
import { jobKind } from './job-kind.ts';

const longRun = jobKind('test.long-run', z.object({}));
const lateFetch = jobKind('test.late-fetch', z.object({}));

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

it('a long handler gives its job back when the worker stops, and the job waits for a retry', async () => {
  const jobs = await createJobs(deps.database, deps.logger, { pollingIntervalSeconds: 0.5 });
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  let batches = 0;
  let outcome: unknown = 'still running';
  await jobs.register(
    longRun,
    async () => {
      markStarted();
      try {
        // 600 batches of 50 ms: half a minute, the whole graceful wait, if nobody told it to stop.
        for (let i = 0; i < 600; i++) {
          jobs.stopping.throwIfAborted();
          batches += 1;
          await sleep(50);
        }
        outcome = 'finished';
      } catch (e) {
        outcome = e;
        throw e;
      }
    },
    { retryLimit: 3 },
  );
  await jobs.startWorking();
  const id = await jobs.send(longRun, {});
  await started;
  expect(jobs.stopping.aborted).toBe(false);

  const stoppedAt = performance.now();
  await jobs.stop();
  expect(performance.now() - stoppedAt).toBeLessThan(10_000);
  expect(jobs.stopping.aborted).toBe(true);
  expect(outcome).toBeInstanceOf(JobsStopping);
  expect(batches).toBeGreaterThan(0);
  expect(batches).toBeLessThan(600);
  // Queued again for a worker that stays: neither completed (the run would stay unfinished) nor failed.
  const { rows } = await deps.database.raw.query<{ state: string }>(
    'select state from pgboss.job where id = $1',
    [id],
  );
  expect(rows).toEqual([{ state: 'retry' }]);
});

it('a job fetched while the worker stops runs to its end, and is recorded, before the stop returns', async () => {
  // The fetch in flight when the stop begins answers only afterwards (a slow database): pg-boss's own graceful
  // wait does not see that job, so without a wait of ours the pools would close under its handler.
  let fetchInFlight!: () => void;
  const fetching = new Promise<void>((resolve) => (fetchInFlight = resolve));
  let delayFetch = false;
  const slowFetches = {
    ...deps.database,
    raw: {
      ...deps.database.raw,
      query: async <T>(text: string, values?: unknown[]) => {
        const answer = deps.database.raw.query<T>(text, values);
        if (!delayFetch || !text.includes('SKIP LOCKED')) return answer;
        fetchInFlight();
        await sleep(700);
        return answer;
      },
    },
  };
  const jobs = await createJobs(slowFetches, deps.logger, { pollingIntervalSeconds: 0.5 });
  let handled = 'not run';
  await jobs.register(lateFetch, async () => {
    await sleep(300);
    // The handler's own database work, after the stop began.
    await deps.database.raw.query('select 1');
    handled = 'finished';
  });
  const id = await jobs.send(lateFetch, {}, { startAfterSeconds: 0 });
  delayFetch = true;
  await jobs.startWorking();
  await fetching;
  await jobs.stop();
  expect(handled).toBe('finished');
  const { rows } = await deps.database.raw.query<{ state: string }>(
    'select state from pgboss.job where id = $1',
    [id],
  );
  expect(rows).toEqual([{ state: 'completed' }]);
});
