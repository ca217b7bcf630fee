/**
 * One query layer over two drivers (docs/design.md §1 Storage): embedded PGlite in DATA_DIR by default,
 * a real PostgreSQL through `pg` when DATABASE_URL is set.
 */
import { mkdirSync } from 'node:fs';
import { DEFAULT_SHARED_BUFFERS_MB, pgliteModuleWithBuffers } from './pglite-buffers.ts';
import { copyTemplateInto } from './pglite-template.ts';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { scopePool } from './query-scope.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw SQL for infrastructure that needs it (pg-boss, benchmarks): `rows` as PostgreSQL returns them. */
export type RawSql = {
  query: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<{ rows: T[] }>;
  /**
   * Several statements, no parameters (migrations of infrastructure libraries). The rows of every statement, in
   * order: pg-boss reads a lock's row from the middle of a `begin; … commit;` block.
   */
  exec: (text: string) => Promise<{ rows: Row[] }>;
};

type Row = Record<string, unknown>;
/** node-postgres answers a text of several statements (no parameters) with one result per statement. */
const rowsOf = (r: pg.QueryResult<Row> | pg.QueryResult<Row>[]): Row[] =>
  Array.isArray(r) ? r.flatMap((one) => one.rows) : r.rows;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  raw: RawSql;
  close: () => Promise<void>;
};

/** `applicationName`: shown by the server for each connection; jobs read it to tag the jobs they fetch. */
export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  applicationName?: string;
  /**
   * PostgreSQL's statement_timeout for every statement of this pool (the API's: no request waits on one
   * statement longer). Unset: none (jobs, migrations, tools).
   */
  statementTimeoutMs?: number;
  /** The embedded database's shared buffers in MB (pglite-buffers.ts); PostgreSQL keeps its own setting. */
  pgliteSharedBuffersMb?: number;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl)
    return openPostgres(opts.databaseUrl, { ...opts, poolSize: opts.poolSize ?? 20 });
  return openPglite(opts.dataDir, opts.pgliteSharedBuffersMb);
}

async function openPostgres(
  url: string,
  opts: DatabaseOptions & { poolSize: number },
): Promise<Database> {
  const named = opts.applicationName ? { application_name: opts.applicationName } : {};
  // JIT compilation costs ~1 s on the list queries whose plans cross its cost threshold at a million
  // documents, far more than it saves on interactive queries.
  const timeout = opts.statementTimeoutMs ? ` -c statement_timeout=${opts.statementTimeoutMs}` : '';
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize,
    options: `-c jit=off${timeout}`,
    ...named,
  });
  // Cancels go through their own connection: a pool full of the statements to cancel must not delay them.
  const cancelPool = new pg.Pool({ connectionString: url, max: 1, ...named });
  scopePool(pool, async (pids) => {
    await cancelPool.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
  });
  // An idle client dropped by the server (restart, failover) must not crash the process; pg reconnects.
  pool.on('error', () => {});
  cancelPool.on('error', () => {});
  // Fail at start, with the server's message, rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    raw: {
      query: async <T>(text: string, values?: unknown[]) => {
        const r = await pool.query(text, values);
        return { rows: rowsOf(r) as T[] };
      },
      exec: async (text) => ({ rows: rowsOf(await pool.query(text)) }),
    },
    close: async () => {
      await Promise.all([pool.end(), cancelPool.end()]);
    },
  };
}

/** The embedded database's cluster folder inside DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.resolve(dataDir, 'pglite');

/** `dataDir` undefined means in memory (tests). */
async function openPglite(
  dataDir: string | undefined,
  sharedBuffersMb?: number,
): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = pgliteDirOf(dataDir);
    mkdirSync(dir, { recursive: true });
  }
  return (await openPgliteAt(dir, sharedBuffersMb)).database;
}

/**
 * A PGlite cluster in `dir` (in memory without one); an empty folder starts as a copy of the migrated template.
 * `template`: a packed cluster to load instead (tests' in-memory databases, pglite-template.ts).
 */
export async function openPgliteAt(
  dir: string | undefined,
  sharedBuffersMb = DEFAULT_SHARED_BUFFERS_MB,
  template?: Blob,
) {
  if (dir && !template) copyTemplateInto(dir);
  const wasmModule = await pgliteModuleWithBuffers(sharedBuffersMb);
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    ...(template && { loadDataDir: template }),
    ...(wasmModule && { wasmModule }),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'pglite',
    db,
    raw: {
      query: async <T>(text: string, values?: unknown[]) => {
        const r = await client.query<T>(text, values);
        return { rows: r.rows };
      },
      exec: async (text) => ({ rows: (await client.exec(text)).flatMap((r) => r.rows) }),
    },
    close: () => client.close(),
  };
  return { database, client };
}
