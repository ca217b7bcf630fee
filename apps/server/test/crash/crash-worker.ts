/**
 * Child process of the bulk crash tests (member-bulk and document-attribute-bulk): a worker the test kills with
 * SIGKILL. Usage: `crash-worker.ts <execute job name> <manipulation id>`.
 * After a crash, the product gives the dead worker's job back as this worker starts (jobs/reclaim-dead-work.ts),
 * so it simply works as the product does. It prints `working`, then the
 * committed progress as JSON lines every 50 ms until the run ends.
 */
import pino from 'pino';
import { isBulkFinished } from '@cloudsign/contract';
import { parseEnv } from '../../src/config/env.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { findManipulationById } from '../../src/bulk/bulk.repository.ts';

const [, manipulationId] = process.argv.slice(2) as [string, string];
const env = parseEnv({ ...process.env, NODE_ENV: 'test', SEED: 'off', LOG_LEVEL: 'silent' });
const deps = await createDeps(env, {
  logger: pino({ level: 'silent' }),
  mailer: { outboxDir: null, send: async () => {} },
  pollingIntervalSeconds: 0.5,
});
await deps.jobs.startWorking();
process.stdout.write('working\n');
for (;;) {
  const m = await findManipulationById(deps.database.db, manipulationId);
  process.stdout.write(`${JSON.stringify({ status: m?.status, processed: m?.processedRows })}\n`);
  if (m && isBulkFinished(m.status)) break;
  await new Promise((r) => setTimeout(r, 50));
}
// Exit at once: follow-up jobs this run queued (e.g. invitation mail) may still be running; this worker is disposable.
process.exit(0);
