/**
 * Keyset anchors of walked searches (documents.service.ts), per process: the first row of a page and the
 * last row before the next, keyed by the company's documents version (migration 0019) that the statement
 * reading them saw, the search and the page. An anchor is only used by a statement that checks, in its own
 * snapshot, that the version is still that one: any change to the company's documents bumps it. Least
 * recently used entries go first.
 */
import type { KeysetAnchor } from './documents.search.ts';

const CAPACITY = 5_000;
const entries = new Map<string, KeysetAnchor>();

export function getAnchor(key: string): KeysetAnchor | undefined {
  const hit = entries.get(key);
  if (hit === undefined) return undefined;
  entries.delete(key);
  entries.set(key, hit);
  return hit;
}

export function setAnchor(key: string, anchor: KeysetAnchor) {
  entries.delete(key);
  entries.set(key, anchor);
  while (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
}

/** The documents version each company's last page statement saw: the version an anchor is looked up under. */
const versions = new Map<string, number>();

export function lastVersion(companyId: string): number | undefined {
  return versions.get(companyId);
}

export function sawVersion(companyId: string, version: number) {
  versions.delete(companyId);
  versions.set(companyId, version);
  while (versions.size > CAPACITY) versions.delete(versions.keys().next().value!);
}
