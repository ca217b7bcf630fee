/**
 * Keyset anchors of walked searches (documents.service.ts), per process: the first row of a page and the
 * last row before the next, keyed by the company's documents version (migration 0019) that the statement
 * reading them saw, the search and the page. An anchor is only used by a statement that checks, in its own
 * snapshot, that the version is still that one: any change to the company's documents bumps it. Least
 * recently used entries go first.
 */
import { ListCache } from '../../lib/list-cache.ts';
import type { KeysetAnchor } from './search-filter.ts';

const CAPACITY = 5_000;
const anchors = new ListCache<KeysetAnchor>(CAPACITY);
/** The documents version each company's last page statement saw: the version an anchor is looked up under. */
const versions = new ListCache<number>(CAPACITY);

export const getAnchor = (key: string): KeysetAnchor | undefined => anchors.get(key);
export const setAnchor = (key: string, anchor: KeysetAnchor) => anchors.set(key, anchor);
export const lastVersion = (companyId: string): number | undefined => versions.get(companyId);
export const sawVersion = (companyId: string, version: number) => versions.set(companyId, version);
