/**
 * Match estimates of recent searches, per process, for a short time. An estimate only chooses the plan shape
 * and the 「約N件」 of a broad search (documents.service.ts); asking the planner again costs one to five EXPLAIN
 * round trips per page request, while the same search is paged and re-sorted many times a minute. A stale
 * estimate changes neither which documents match nor their order, and is replaced within TTL_MS.
 */
const TTL_MS = 60_000;
const CAPACITY = 2_000;

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

/** The estimate for `key` (a match estimate, or counts that only choose a plan), computed once for concurrent callers; a failure is not kept. */
export function cachedEstimate<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  entries.delete(key);
  entries.set(key, { at: now, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  // Maps iterate in insertion order: the first key is the oldest.
  while (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
  return value;
}
