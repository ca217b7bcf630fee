/**
 * Ties the PostgreSQL connections a request uses to that request, so that when its client goes away (a
 * search left by a navigation) the statements still running for it are cancelled in PostgreSQL too, instead
 * of keeping backends busy for minutes. The pool patched by `scopePool` records, for the scope the caller
 * runs in (AsyncLocalStorage, set per API request), each connection it hands out until it is released.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** Thrown by a scoped query asked for after its client went away: nobody waits for its answer. */
export class QueryScopeAbortedError extends Error {
  readonly code = 'QUERY_SCOPE_ABORTED';
  constructor() {
    super('the client went away; the query was not started');
  }
}

export class QueryScope {
  isAborted = false;
  /** Backend process ids of the connections this scope holds now. */
  readonly backends = new Set<number>();
  private readonly cancellers = new Set<(pids: number[]) => Promise<void>>();

  /** Cancels what runs for this scope now, and refuses what it asks for later. */
  abort(): Promise<void> {
    this.isAborted = true;
    const pids = [...this.backends];
    if (pids.length === 0) return Promise.resolve();
    return Promise.all([...this.cancellers].map((cancel) => cancel(pids))).then(() => {});
  }

  addCanceller(cancel: (pids: number[]) => Promise<void>) {
    this.cancellers.add(cancel);
  }
}

const scopes = new AsyncLocalStorage<QueryScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export const runInQueryScope = <T>(scope: QueryScope, fn: () => T): T => scopes.run(scope, fn);

/**
 * Runs `fn` (and everything it starts) in no request's scope: work done for several requests at once (their
 * writes batched together) must not be cancelled because the one that happened to start it went away.
 */
export const outsideQueryScope = <T>(fn: () => T): T => scopes.exit(fn);

type AnyFn = (...args: unknown[]) => unknown;

/**
 * Makes `pool` (still a pg.Pool: drizzle checks `instanceof Pool`) record its connections in the caller's
 * scope. `cancel` cancels backends by process id on another connection, so a full pool cannot delay it.
 * Outside a scope (jobs, start-up) the pool behaves as before.
 */
export function scopePool(pool: pg.Pool, cancel: (pids: number[]) => Promise<void>): pg.Pool {
  const connect = pool.connect.bind(pool) as AnyFn;
  const query = pool.query.bind(pool) as AnyFn;

  const scopedConnect = async (scope: QueryScope): Promise<pg.PoolClient> => {
    if (scope.isAborted) throw new QueryScopeAbortedError();
    const client = (await connect()) as pg.PoolClient;
    if (scope.isAborted) {
      client.release();
      throw new QueryScopeAbortedError();
    }
    const pid = (client as unknown as { processID: number }).processID;
    scope.backends.add(pid);
    scope.addCanceller(cancel);
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      scope.backends.delete(pid);
      // A statement cancelled by this scope may leave its transaction aborted: drop that connection.
      return release(err ?? (scope.isAborted ? true : undefined));
    };
    return client;
  };

  (pool as unknown as { connect: AnyFn }).connect = (...args: unknown[]) => {
    const scope = scopes.getStore();
    if (!scope || args.length > 0) return connect(...args);
    return scopedConnect(scope);
  };
  (pool as unknown as { query: AnyFn }).query = (...args: unknown[]) => {
    const scope = scopes.getStore();
    if (!scope || typeof args[args.length - 1] === 'function') return query(...args);
    return scopedConnect(scope).then(async (client) => {
      try {
        const result = await (client.query as AnyFn)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    });
  };
  return pool;
}
