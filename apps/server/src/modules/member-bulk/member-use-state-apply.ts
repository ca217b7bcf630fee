import { MemberStatus, type TMemberBulkValues } from '@cloudsign/contract';
import type { Tx } from '../../db/client.ts';
import type { ManipulationRow, PendingRow } from '../../bulk/bulk.types.ts';
import { endSessions, revokeSetupLinks } from '../../auth/revocation.ts';
import { setUseStates } from './member-use-state.sql.ts';

const values = (r: PendingRow, key: 'before' | 'after') => r[key] as TMemberBulkValues;

/**
 * 利用停止 / 利用再開 with the row's other changes and its outcome (exactly once): a deactivated member's
 * sessions and setup links end in this transaction, as with the single-member action.
 */
export async function applyUseStates(tx: Tx, m: ManipulationRow, live: PendingRow[]) {
  const changed = live.filter((r) => {
    const after = values(r, 'after').status;
    return after !== undefined && after !== values(r, 'before').status;
  });
  await setUseStates(
    tx,
    m.companyId,
    changed.map((r) => ({
      id: r.targetId!,
      deactivate: values(r, 'after').status === MemberStatus.Deactivated,
    })),
  );
  const deactivated = changed
    .filter((r) => values(r, 'after').status === MemberStatus.Deactivated)
    .map((r) => r.targetId!);
  await endSessions(tx, deactivated);
  await revokeSetupLinks(tx, deactivated);
}
