/**
 * Durable background jobs on the product's own database (docs/design.md §1 Jobs): pg-boss, on PostgreSQL
 * directly or on PGlite through an `executeSql` adapter. Jobs are at-least-once, so every handler step
 * must be idempotent (a crash may run it again).
 */
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, DbOrTx } from '../db/client.ts';
import { txExecutor, type SqlExecutor } from './tx-executor.sql.ts';
import { checkPgBoss, lowestPriorityOf, tagJobOwners } from './pg-boss-internals.ts';
import { carryOverPgBoss10Jobs, setAsidePgBoss10 } from './pg-boss-10-jobs.ts';
import { checkedPayload, InvalidJobPayload, type JobKind } from './job-kind.ts';

export type JobContext = {
  jobId: string;
  logger: Logger;
  /** No retry follows if this run throws: the handler records a final failed state (e.g. a backfill). */
  isLastAttempt: boolean;
};
export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

/** Thrown by a handler that gave its job back because the instance stops: pg-boss retries it elsewhere. */
export class JobsStopping extends Error {
  constructor() {
    super('the worker is stopping: the job is given back for a retry');
    this.name = 'JobsStopping';
  }
}

export type SendOptions = {
  /** Jobs with the same key run one at a time, in order (pg-boss "singleton" queues). */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * The company the job works for: queues are shared, so its jobs take turns with other companies'
   * (see fairPriority) instead of waiting behind one company's backlog.
   */
  companyId?: string;
  /**
   * The transaction that writes the job's row (a run, a backfill): the job is inserted in it, so it exists
   * exactly when that row does. Sent after commit instead, a kill between the two would leave a run
   * 実行中 for ever with no job to finish it.
   */
  tx?: DbOrTx;
};

export type QueueOptions = {
  /** One active job per singletonKey (e.g. one bulk execution per company). */
  isSerialPerKey?: boolean;
  retryLimit?: number;
  /** How long one run may take before pg-boss treats it as dead and retries it. */
  expireInSeconds?: number;
  /**
   * Run this job on its own on a cron (UTC), e.g. a nightly sweep. Only the worker role schedules it
   * (pg-boss keeps one schedule per queue, so several workers upsert the same row and it runs once).
   */
  cron?: string;
};

export type Jobs = {
  /** The kind's payload is checked before the handler sees it (job-kind.ts). */
  register: <T extends object>(
    kind: JobKind<T>,
    handler: JobHandler<T>,
    opts?: QueueOptions,
  ) => Promise<void>;
  /** Throws InvalidJobPayload, queueing nothing, when `data` does not fit the kind. */
  send: <T extends object>(kind: JobKind<T>, data: T, opts?: SendOptions) => Promise<string | null>;
  /** Jobs one company may have queued and running (JOBS_PER_COMPANY; enforced by company-job-slots.ts). */
  perCompanyLimit: number;
  /** Begin fetching registered queues (the worker role); api-only instances only send. */
  startWorking: () => Promise<void>;
  /**
   * Aborted when this instance begins to stop. A long handler checks it between batches
   * (`deps.jobs.stopping.throwIfAborted()`) and gives its job back, to be retried by a worker that stays,
   * instead of running on past the graceful wait into closed database pools.
   */
  stopping: AbortSignal;
  stop: () => Promise<void>;
};

/**
 * pg-boss runs on the product's own connection (one pool to size and close). PGlite speaks the simple
 * protocol for several statements and the extended one for parameters, so split on that.
 */
function dbAdapter(database: Database): SqlExecutor {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      // pg-boss reads rows from the middle of a several-statement block (its background migrations' lock).
      if (database.kind === 'pglite' && (!values || values.length === 0)) {
        if (/;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) return database.raw.exec(text);
      }
      return database.raw.query(text, values ?? []);
    },
  };
}

/**
 * What pg-boss still has under way after its own stop resolved. Its graceful stop waits only for jobs a
 * worker already holds: a fetch in flight at that moment can still return a job, whose handler then runs,
 * and pg-boss records a job's end (complete / fail) without awaiting it. Closing the pools then fails those
 * queries as unhandled rejections. Counting queries and handlers lets `stop` wait until both are at rest.
 */
function drainCounter() {
  let busy = 0;
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
    }
  };
  // Polled on timers, not microtasks: a fetch that returns a job starts its handler within the same turn,
  // and a handler's end issues its complete query within the same turn, so a timer never sees the gap.
  const settled = async (timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (busy > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  };
  return { track, settled };
}

/**
 * Fair turns across companies in one queue: pg-boss fetches by priority, then age. A company's job gets
 * the priority below its own lowest queued or running job (0 with none), so each company's jobs keep their
 * order while a company with nothing queued is served next, after at most one job of each busier company
 * at the same level: a round-robin across companies instead of one FIFO line (one admin's 300 exports no
 * longer delay everyone else's). Counting the running job too keeps a company's second execution of a
 * one-per-company queue below other companies' first, so it does not block the head of that queue while
 * its first runs. The company id travels in the job's data (pg-boss-internals.ts reads it).
 */
async function fairPriority(db: SqlExecutor, name: string, companyId: string): Promise<number> {
  const lowest = await lowestPriorityOf(db, name, companyId);
  return lowest === null ? 0 : Math.min(0, lowest - 1);
}

export async function createJobs(
  database: Database,
  logger: Logger,
  opts: { pollingIntervalSeconds?: number; perCompanyLimit?: number } = {},
): Promise<Jobs> {
  const inFlight = drainCounter();
  const sql = dbAdapter(database);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => inFlight.track(() => sql.executeSql(text, values)) },
    schema: 'pgboss',
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  if (await setAsidePgBoss10(database))
    logger.warn('pg-boss 10 schema set aside: its jobs move once every queue exists');
  await boss.start();
  // The job code reads pg-boss's tables: only on the version it was written for.
  await checkPgBoss(database);
  await tagJobOwners(database);

  type Entry = { kind: JobKind<object>; handler: JobHandler<object>; opts: QueueOptions };
  const handlers = new Map<string, Entry>();
  /** This process's worker of each queue it works, to wake (pg-boss's notifyWorker). */
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  };
  const stopping = new AbortController();
  let isWorking = false;
  const polling = opts.pollingIntervalSeconds ?? 0.5;

  const workQueue = async (name: string, entry: Entry) => {
    const options = {
      pollingIntervalSeconds: polling,
      batchSize: 1,
      includeMetadata: true,
    } as const;
    const runJob = async (job: JobWithMetadata<object>) => {
      const log = logger.child({ job: name, jobId: job.id });
      log.info('job started');
      try {
        const data = checkedPayload(entry.kind, job.data, 'work');
        await inFlight.track(() =>
          entry.handler(data, {
            jobId: job.id,
            logger: log,
            isLastAttempt: job.retryCount >= job.retryLimit,
          }),
        );
      } catch (err) {
        // A job given back by a stopping worker is a retry, not a failure: said once here, for every handler.
        if (err instanceof JobsStopping)
          log.info('job given back: the worker is stopping; it will be retried');
        else if (err instanceof InvalidJobPayload) log.error({ err }, 'job refused: its payload');
        throw err;
      }
      log.info('job finished');
    };
    // pg-boss waits its polling interval after every fetch, a job found or not: a queue with a backlog ran half a
    // second a job. Woken after each job, its worker fetches the next at once; an empty fetch waits as before.
    // (A job run before work() answered finds no id yet and waits as before.)
    const id = await boss.work<object, unknown, typeof options>(name, options, async ([job]) => {
      if (!job) return;
      try {
        await runJob(job);
      } finally {
        wake(name);
      }
    });
    workers.set(name, id);
  };

  return {
    perCompanyLimit: opts.perCompanyLimit ?? 10,
    register: async (kind, handler, qopts = {}) => {
      const { name } = kind;
      await boss.createQueue(name, {
        policy: qopts.isSerialPerKey ? 'singleton' : 'standard',
        retryLimit: qopts.retryLimit ?? 5,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: qopts.expireInSeconds ?? 60 * 60,
      });
      const entry: Entry = {
        kind,
        handler: handler as JobHandler<object>,
        opts: qopts,
      };
      handlers.set(name, entry);
      if (isWorking) await workQueue(name, entry);
      if (isWorking && qopts.cron) await boss.schedule(name, qopts.cron, {}, { tz: 'UTC' });
    },
    send: async (kind, data, sopts = {}) => {
      const { name } = kind;
      const checked = checkedPayload(kind, data, 'send');
      const db = sopts.tx ? txExecutor(sopts.tx) : dbAdapter(database);
      const id = await boss.send(
        name,
        sopts.companyId ? { ...checked, companyId: sopts.companyId } : checked,
        {
          db,
          ...(sopts.singletonKey ? { singletonKey: sopts.singletonKey } : {}),
          ...(sopts.startAfterSeconds ? { startAfter: sopts.startAfterSeconds } : {}),
          ...(sopts.companyId ? { priority: await fairPriority(db, name, sopts.companyId) } : {}),
        },
      );
      // Sent outside a transaction, the job can run now: this process's worker of its queue fetches it at once
      // rather than at its next poll (a mail goes out while the page answers). One sent in a transaction is not
      // visible before the commit, and one to start later waits anyway: both are left to the poll.
      if (!sopts.tx && !sopts.startAfterSeconds) wake(name);
      return id;
    },
    startWorking: async () => {
      isWorking = true;
      // Every kind is registered before the worker starts, so every queue a pg-boss 10 job needs exists.
      await carryOverPgBoss10Jobs(database);
      for (const [name, entry] of handlers) {
        await workQueue(name, entry);
        if (entry.opts.cron) await boss.schedule(name, entry.opts.cron, {}, { tz: 'UTC' });
      }
    },
    stopping: stopping.signal,
    // Graceful: long handlers are told to give their job back at their next batch, and running handlers are
    // waited for before closing (SIGTERM).
    stop: async () => {
      stopping.abort(new JobsStopping());
      await boss.stop({ graceful: true, timeout: 30_000 });
      await inFlight.settled(30_000);
    },
  };
}
