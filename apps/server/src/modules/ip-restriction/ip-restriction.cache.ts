/**
 * Each process's copy of the companies' IP restrictions (docs/design.md "IP address restriction"). A copy is
 * trusted for POLL_MS; after that the next request of the company reads the row's version (one primary-key
 * read) and reloads only when it moved. A save on any process therefore applies on every process within
 * POLL_MS, without a message bus, and a process that saved drops its own copy at once.
 */
import {
  IP_RESTRICTION_SCOPES,
  type TIpRestrictionMode,
  type TIpRestrictionScope,
  type TIpScopeSetting,
} from '@cloudsign/contract';
import type { Database } from '../../db/client.ts';
import * as repo from './ip-restriction.repository.ts';
import { rangeMatcher } from '../../lib/http/ip-ranges.ts';

export const POLL_MS = 2000;
/** Companies a process keeps; the oldest read is dropped first (Map insertion order). */
const MAX_COMPANIES = 10_000;

export type StoredScopes = Record<TIpRestrictionScope, TIpScopeSetting>;
export const OFF: TIpScopeSetting = { mode: 'off', ranges: [] };

/** The stored JSON as three scopes, a missing or damaged one read as 無効. */
export function scopesOf(json: unknown): StoredScopes {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const one = (s: TIpRestrictionScope): TIpScopeSetting => {
    const v = o[s] as Partial<TIpScopeSetting> | undefined;
    if (!v || !Array.isArray(v.ranges) || typeof v.mode !== 'string') return OFF;
    return { mode: v.mode, ranges: v.ranges };
  };
  return { console: one('console'), scim: one('scim'), sso: one('sso') };
}

export type CompiledScope = { mode: TIpRestrictionMode; allows: (address: string) => boolean };
type Entry = {
  version: number | null;
  scopes: Record<TIpRestrictionScope, CompiledScope>;
  checkedAt: number;
};

function compile(row: repo.IpRestrictionRow | null, now: number): Entry {
  const stored = scopesOf(row?.scopes);
  const scopes = Object.fromEntries(
    IP_RESTRICTION_SCOPES.map((s) => {
      const allows = rangeMatcher(stored[s].ranges.map((r) => r.cidr));
      return [s, { mode: stored[s].mode, allows }];
    }),
  ) as Entry['scopes'];
  return { version: row?.version ?? null, scopes, checkedAt: now };
}

const caches = new WeakMap<Database, Map<string, Entry>>();
const cacheOf = (database: Database) => {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = new Map<string, Entry>()));
  return c;
};

/**
 * Reads of a company's copy under way: the requests that find the copy stale while one is being read wait for
 * that read (an IdP's 20 concurrent requests made 20 version reads every POLL_MS). Its answer is at most that
 * one round trip older than the request; nothing is kept once it has answered.
 */
const reading = new WeakMap<Database, Map<string, Promise<Entry>>>();

async function reload(
  database: Database,
  companyId: string,
  entry: Entry | undefined,
  now: number,
) {
  const version = entry ? await repo.selectVersion(database.db, companyId) : undefined;
  if (entry && version === entry.version) entry.checkedAt = now;
  else entry = compile(await repo.selectRestriction(database.db, companyId), now);
  const cache = cacheOf(database);
  cache.delete(companyId);
  if (cache.size >= MAX_COMPANIES) cache.delete(cache.keys().next().value!);
  cache.set(companyId, entry);
  return entry;
}

/** A copy read less than POLL_MS ago is trusted without asking the database: the one rule of both readers. */
const isFresh = (entry: Entry, now: number) => now - entry.checkedAt < POLL_MS;

/**
 * The rule `scopeRule` would answer without reading anything (this process's copy, fresh), or undefined: the
 * check of every call then costs no promise while the copy is fresh (issue 36).
 */
export function freshScopeRule(
  database: Database,
  companyId: string,
  scope: TIpRestrictionScope,
  now = Date.now(),
): CompiledScope | undefined {
  const entry = cacheOf(database).get(companyId);
  return entry && isFresh(entry, now) ? entry.scopes[scope] : undefined;
}

/** The company's rule for one scope as this process knows it (at most POLL_MS behind the database). */
export async function scopeRule(
  database: Database,
  companyId: string,
  scope: TIpRestrictionScope,
  now = Date.now(),
): Promise<CompiledScope> {
  let entry = cacheOf(database).get(companyId);
  if (!entry || !isFresh(entry, now)) {
    let inFlight = reading.get(database);
    if (!inFlight) reading.set(database, (inFlight = new Map<string, Promise<Entry>>()));
    let read = inFlight.get(companyId);
    if (!read) {
      const map = inFlight;
      read = reload(database, companyId, entry, now).finally(() => map.delete(companyId));
      inFlight.set(companyId, read);
    }
    entry = await read;
  }
  return entry.scopes[scope];
}

/** Drops this process's copy after a save here: the saving admin's next request sees it at once. */
export const forgetCompany = (database: Database, companyId: string) =>
  cacheOf(database).delete(companyId);
