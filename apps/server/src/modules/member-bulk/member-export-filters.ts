/**
 * The filters of an export or edit template name ids; each must be the caller's company's, checked before
 * the job is queued. Another company's group (or a deleted one) answers 404 like any missing id (docs/design.md
 * §1), rather than 202 and a file that is quietly empty.
 */
import type { TMemberBulkFilters } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGroupType } from '../members/members.service.ts';

export const MSG_GROUP = '指定されたメンバーグループが見つかりません。';

export async function assertFiltersInCompany(
  db: DbOrTx,
  companyId: string,
  filters: TMemberBulkFilters,
) {
  if (filters.groupId && (await findGroupType(db, companyId, filters.groupId)) === null) {
    throw new AppError('not_found', MSG_GROUP, [{ path: 'filters.groupId', message: MSG_GROUP }]);
  }
}
