/**
 * The run's context: a fresh PostgreSQL database `bench_<x>` on BENCH_DATABASE_URL's server (dropped at the
 * end), AppDeps on demand, and large companies seeded once and shared by every benchmark that asks for them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { createDeps, closeDeps } from '../../apps/server/src/bootstrap.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { seedLargeCompany, type LargeSeedResult } from '../../apps/server/src/seed/large-seed.ts';
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { measureLatency } from './measure.ts';
import { sampleRss } from './rss.ts';
import type { BenchContext, DbKind, LargeCompanyOptions } from './types.ts';

/** The server's PGLITE_SHARED_BUFFERS_MB, so a PGlite row can be measured at another size (unset: the default). */
const pgliteSharedBuffersMb = () =>
  process.env.PGLITE_SHARED_BUFFERS_MB ? Number(process.env.PGLITE_SHARED_BUFFERS_MB) : undefined;

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type OpenedContext = { ctx: BenchContext; pgVersion: string; close: () => Promise<void> };

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function openContext(opts: {
  adminUrl: string;
  scale: number;
  log: (m: string) => void;
  /** `--only`: which benchmarks of the run were chosen. */
  only?: RegExp;
}): Promise<OpenedContext> {
  const name = `bench_${Date.now().toString(36)}_${process.pid}`;
  const pgVersion = await admin(opts.adminUrl, async (c) => {
    await c.query(`create database ${name}`);
    return String(
      (await c.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
    );
  });
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const tmpDirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-'));
    tmpDirs.push(d);
    return d;
  };
  let database: Database | undefined;
  const depsByKind = new Map<DbKind, Promise<AppDeps>>();
  const companies = new Map<string, Promise<LargeSeedResult>>();
  let seq = 0;

  const close = async () => {
    for (const d of depsByKind.values()) await closeDeps(await d).catch(() => undefined);
    await database?.close().catch(() => undefined);
    await admin(opts.adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
  };

  try {
    database = await openDatabase({ databaseUrl, poolSize: 20 });
    await runMigrations(database);
  } catch (e) {
    await close();
    throw e;
  }
  const db = database;

  const deps = (kind: DbKind = 'postgres') => {
    let d = depsByKind.get(kind);
    if (!d) {
      d = (async () => {
        const env = parseEnv({
          NODE_ENV: 'production',
          DATA_DIR: tmp(),
          PORT: '3300',
          API_PORT: '3301',
          LOG_LEVEL: 'silent',
          SEED: 'off',
          ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
        });
        const database =
          kind === 'postgres'
            ? await openDatabase({ databaseUrl, poolSize: 20 })
            : await openDatabase({ pgliteSharedBuffersMb: pgliteSharedBuffersMb() });
        return createDeps(env, { database });
      })();
      depsByKind.set(kind, d);
    }
    return d;
  };

  const ctx: BenchContext = {
    databaseUrl,
    database: db,
    deps,
    largeCompany: (o: LargeCompanyOptions) => {
      const key = JSON.stringify([
        o.kind ?? 'postgres',
        o.members,
        o.documents,
        o.plan ?? 'enterprise',
      ]);
      let p = companies.get(key);
      if (!p) {
        seq++;
        const label = `ベンチ株式会社${seq}`;
        p = (async () => {
          const target = o.kind === 'pglite' ? (await deps('pglite')).database : db;
          opts.log(
            `${label}: メンバー ${o.members.toLocaleString('ja-JP')}名、書類 ${o.documents.toLocaleString('ja-JP')}件を作成中（${o.kind ?? 'postgres'}）`,
          );
          const r = await seedLargeCompany(target, {
            name: label,
            members: o.members,
            documents: o.documents,
            plan: o.plan,
          });
          opts.log(`${label}: ${(r.ms.total / 1000).toFixed(1)} 秒で作成`);
          return r;
        })();
        companies.set(key, p);
      }
      return p;
    },
    size: (n) => Math.max(1, Math.round(n * opts.scale)),
    scale: opts.scale,
    measure: measureLatency,
    sampleRss,
    log: opts.log,
    isSelected: (name) => !opts.only || opts.only.test(name),
  };
  return { ctx, pgVersion, close };
}
