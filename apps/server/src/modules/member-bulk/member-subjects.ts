import { MEMBER_CSV } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { StoredRow } from '../bulk/bulk-target.ts';
import { findMemberNames } from './member-bulk.repository.ts';

const nameIn = (v: unknown): string | null =>
  v && typeof v === 'object' && 'name' in v && typeof v.name === 'string' && v.name !== ''
    ? v.name
    : null;

/**
 * The 氏名 a member row is about: as checked (before, else after), else the member's current name, else what
 * the file says (a row refused before its member was found), else its email.
 */
export async function describeMemberRows(
  db: DbOrTx,
  companyId: string,
  rows: readonly StoredRow[],
): Promise<(string | null)[]> {
  const missing = rows
    .filter((r) => r.targetId && !nameIn(r.before) && !nameIn(r.after))
    .map((r) => r.targetId!);
  const names = new Map(
    (await findMemberNames(db, companyId, [...new Set(missing)])).map((m) => [m.id, m.name]),
  );
  return rows.map(
    (r) =>
      nameIn(r.before) ??
      nameIn(r.after) ??
      (r.targetId ? names.get(r.targetId) : undefined) ??
      (r.input[MEMBER_CSV.name] || r.input[MEMBER_CSV.email] || null),
  );
}
