/**
 * Match estimates of recent searches, per process, for a short time. An estimate only chooses the plan shape
 * and the 「約N件」 of a broad search (documents.service.ts); asking the planner again costs one to five EXPLAIN
 * round trips per page request, while the same search is paged and re-sorted many times a minute. A stale
 * estimate changes neither which documents match nor their order, and is replaced within TTL_MS.
 */
import { cachedOnce, ListCache } from '../../lib/list-cache.ts';

const TTL_MS = 60_000;
const CAPACITY = 2_000;

const estimates = new ListCache<Promise<unknown>>(CAPACITY, TTL_MS);

/** The estimate for `key` (a match estimate, or counts that only choose a plan), computed once for concurrent callers; a failure is not kept. */
export function cachedEstimate<T>(key: string, compute: () => Promise<T>): Promise<T> {
  return cachedOnce(estimates, key, compute) as Promise<T>;
}
