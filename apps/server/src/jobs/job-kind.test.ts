/**
 * A job's payload is checked against its kind at both ends (job-kind.ts): a wrong payload is refused where it
 * is sent, queueing nothing, and a stored payload that does not fit never reaches the handler.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { BulkKind } from '@cloudsign/contract';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { createJobs, type Jobs } from './jobs.ts';
import { InvalidJobPayload, jobKind } from './job-kind.ts';
import { bulkJobKinds } from '../modules/bulk/bulk.jobs.ts';

let deps: TestDeps;
let jobs: Jobs;

beforeAll(async () => {
  deps = await createTestDeps();
  jobs = await createJobs(deps.database, deps.logger, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs.stop();
  await deps.cleanup();
});

const statesOf = async (name: string) =>
  (
    await deps.database.raw.query<{ state: string }>(
      'select state from pgboss.job where name = $1 order by created_on',
      [name],
    )
  ).rows.map((r) => r.state);

it('a payload that does not fit its kind is refused at send, and nothing is queued', async () => {
  const probe = jobKind('test.checked-send', z.object({ manipulationId: z.string().min(1) }));
  await jobs.register(probe, async () => {});
  await expect(jobs.send(probe, { manipulationId: '' })).rejects.toBeInstanceOf(InvalidJobPayload);
  // A caller that lies to the type checker is refused the same way.
  await expect(jobs.send(probe, { runId: 'r-1' } as never)).rejects.toThrow(/manipulationId/);
  expect(await statesOf(probe.name)).toEqual([]);

  expect(await jobs.send(probe, { manipulationId: 'r-1' })).toEqual(expect.any(String));
  expect(await statesOf(probe.name)).toEqual(['created']);
});

it('an execute job names only a run that writes: add, delete or edit, never an export', async () => {
  const execute = bulkJobKinds({ name: 'test-bulk' }).execute;
  await jobs.register(execute, async () => {});
  for (const kind of [BulkKind.Add, BulkKind.Delete, BulkKind.Edit])
    expect(await jobs.send(execute, { manipulationId: `run-${kind}`, kind })).toEqual(
      expect.any(String),
    );
  await expect(
    jobs.send(execute, { manipulationId: 'run-export', kind: BulkKind.Export as never }),
  ).rejects.toBeInstanceOf(InvalidJobPayload);
  expect(await statesOf(execute.name)).toHaveLength(3);
});

it('a stored payload that no longer fits fails its job without reaching the handler', async () => {
  const probe = jobKind('test.checked-work', z.object({ backfillId: z.string().min(1) }));
  const seen: unknown[] = [];
  await jobs.register(probe, async (data) => void seen.push(data), { retryLimit: 0 });
  const fits = (await jobs.send(probe, { backfillId: 'b-1' }, { startAfterSeconds: 1 }))!;
  const stale = (await jobs.send(probe, { backfillId: 'b-2' }, { startAfterSeconds: 1 }))!;
  // What an older release (or a hand edit) leaves in the queue.
  await deps.database.raw.query(`update pgboss.job set data = '{"cabinet": 7}' where id = $1`, [
    stale,
  ]);
  await jobs.startWorking();
  const deadline = Date.now() + 30_000;
  const stateOf = async (id: string) =>
    (
      await deps.database.raw.query<{ state: string; output: { message?: string } | null }>(
        'select state, output from pgboss.job where id = $1',
        [id],
      )
    ).rows[0];
  while (Date.now() < deadline) {
    const [a, b] = [await stateOf(fits), await stateOf(stale)];
    if (a?.state === 'completed' && b?.state === 'failed') break;
    await sleep(200);
  }
  expect((await stateOf(fits))?.state).toBe('completed');
  const refused = await stateOf(stale);
  expect(refused?.state).toBe('failed');
  expect(refused?.output?.message).toMatch(/payload does not fit its kind at work.*backfillId/s);
  // The handler saw the payload that fits, as its kind reads it, and never the other.
  expect(seen).toEqual([{ backfillId: 'b-1' }]);
});
