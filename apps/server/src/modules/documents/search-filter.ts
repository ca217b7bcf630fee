/**
 * A document search's WHERE as plain data (documents-search.repository.ts writes it): which of the company's
 * documents the reader's access admits, the keyword words with the index keys each is asked by, and the
 * other conditions. Plans (documents.plan.ts) are made of these, so a unit test reads them without SQL.
 */
import type {
  TDocumentFindQuery,
  TDocumentSearchConditions,
  TDocumentSortKey,
} from '@cloudsign/contract';
import type { Readable } from '../../auth/access.ts';
import { contractDays, searchWords, termGrams } from './search-terms.ts';

/**
 * The cabinet a search is limited to: the system cabinet means every company document. Only ever made by
 * resolveCabinetScope (or the planner, for a member who reads one cabinet), so the caller may read it.
 */
export type CabinetScope = { id: string; isSystem: boolean } | null;

/**
 * How a keyword is matched. `index`: through the grams index (1–2 characters: the gram is the word itself, so
 * the index answer is exact; longer: bigrams can match apart, so LIKE rechecks). `scan`: LIKE alone, for a
 * plan that walks a sort index — computing the grams of every row walked would cost far more than LIKE.
 */
export type KeywordMode = 'index' | 'scan';

/**
 * Which of the company's documents the WHERE admits before the search conditions. `all`: the reader reads
 * every one (written as `true`); `system`: a system cabinet scope, every one (nothing written); `cabinets`:
 * those linked to one of these cabinets (a cabinet scope, or a member's readable cabinets).
 */
export type SearchAccess =
  { kind: 'all' } | { kind: 'system' } | { kind: 'cabinets'; cabinetIds: string[] };

/** A keyword word and the index keys it is asked by: all its grams, or fewer (its rarest, see documents.plan.ts). */
export type SearchWord = { term: string; keys: string[] };

/** The conditions besides the keyword, cabinet, paging and sort. */
export type OtherConditions = Omit<TDocumentSearchConditions, 'keyword' | 'cabinetId'>;

export type SearchFilter = {
  companyId: string;
  access: SearchAccess;
  words: SearchWord[];
  keywordMode: KeywordMode;
  conditions: OtherConditions;
  /** The contract-date range listed day by day, or null (search-terms.ts contractDays). */
  contractDays: string[] | null;
};

type Conditions = TDocumentSearchConditions &
  Partial<Pick<TDocumentFindQuery, 'sort' | 'order' | 'page' | 'perPage'>>;

/**
 * The filter of `conditions` for `readable` within `scope`. Within a cabinet scope the per-document access
 * check would only repeat what resolveCabinetScope established — at one link probe per row walked.
 */
export function searchFilter(
  readable: Readable,
  conditions: Conditions,
  scope: CabinetScope,
  keywordMode: KeywordMode = 'index',
  keysOf: (term: string) => string[] = termGrams,
): SearchFilter {
  const {
    keyword,
    cabinetId: _c,
    sort: _s,
    order: _o,
    page: _p,
    perPage: _pp,
    ...others
  } = conditions;
  const access: SearchAccess = scope
    ? scope.isSystem
      ? { kind: 'system' }
      : { kind: 'cabinets', cabinetIds: [scope.id] }
    : readable.isCompanyAdmin || readable.readsAll
      ? { kind: 'all' }
      : { kind: 'cabinets', cabinetIds: readable.cabinetIds };
  const words = searchWords({ ...others, keyword }).map((term) => ({ term, keys: keysOf(term) }));
  return {
    companyId: readable.companyId,
    access,
    words,
    keywordMode,
    conditions: others,
    contractDays: contractDays(conditions),
  };
}

/** Sort keys that are never NULL, so a keyset `(key, id) < (anchor)` continues their order exactly. */
export const KEYSET_SORTS: ReadonlySet<TDocumentSortKey> = new Set(['updatedAt', 'createdAt']);

/** A row of a sorted search: its sort key as PostgreSQL prints it (full precision) and its id. */
export type KeysetAnchor = { key: string; id: string; inclusive: boolean };

/**
 * The anchor key of a walked search, or undefined: only over every company document (cabinet links, which
 * the documents version does not follow, play no part) and sorted by a key that is never NULL.
 */
export function anchorKeyOf(
  readable: Readable,
  scope: CabinetScope,
  q: TDocumentFindQuery,
): string | undefined {
  if (!readable.readsAll || (scope && !scope.isSystem) || !KEYSET_SORTS.has(q.sort))
    return undefined;
  const { page: _p, ...rest } = q;
  return JSON.stringify([readable.companyId, rest]);
}
