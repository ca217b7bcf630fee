/**
 * A small LRU for values keyed by a list version (member_list_stats.version, document_list_stats.version): an
 * entry is never stale, because any change that could alter it bumps the version and so changes the key.
 * `ttlMs`: for values that may go stale without a key change (a planner estimate), each entry is kept only so
 * long after it was set.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  constructor(
    private readonly capacity: number,
    private readonly ttlMs = Infinity,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.at >= this.ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  set(key: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    // Maps iterate in insertion order: the first key is the least recently used.
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * The value for `key`, computed once however many requests ask at the same time: concurrent callers share
 * the one query in flight (20 admins opening the same search run it once, not 20 times). A failure is not
 * kept, so the next caller tries again.
 */
export function cachedOnce<T>(
  cache: ListCache<Promise<T>>,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = compute();
  cache.set(key, value);
  value.catch(() => {
    if (cache.get(key) === value) cache.delete(key);
  });
  return value;
}
