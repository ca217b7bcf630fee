/**
 * A document search may filter by user-defined items (`option.<id>`): each id must be an item of the
 * caller's company. Another company's item (or a removed one) answers 404 like any missing id (docs/design.md
 * §1), on the list and on the attribute download, instead of a search or a file that is quietly empty.
 */
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOptionIdsIn } from './document-attribute-options.repository.ts';

export const MSG_OPTION = '指定された書類情報の項目が見つかりません。';

/** `pathPrefix` is where the conditions sit in the request ('' for the query, 'conditions.' in a body). */
export async function assertOptionFiltersInCompany(
  db: DbOrTx,
  companyId: string,
  options: Record<string, string>,
  pathPrefix = '',
) {
  const ids = Object.keys(options);
  if (ids.length === 0) return;
  const found = await findOptionIdsIn(db, companyId, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(
      'not_found',
      MSG_OPTION,
      missing.map((id) => ({ path: `${pathPrefix}option.${id}`, message: MSG_OPTION })),
    );
  }
}
