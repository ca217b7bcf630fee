/**
 * The add file's check against the stored members: an e-mail belongs to at most one member of any company
 * (docs/design.md §2). Each row says who is added, and whether an active company admin is added (the
 * last-admin rule is judged at the end of the file).
 */
import { MEMBER_CSV, type TMemberBulkValues } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckedRow } from '../../bulk/bulk.types.ts';
import { findEmailOwners } from '../members/members.service.ts';
import { MSG } from './member-check-messages.ts';
import type { ParsedMemberRow } from './member-row-parse.ts';
import { rolesFrom, type ToCheckedRow } from './member-edit-check.ts';

export type AddCheckContext = { db: DbOrTx; toRow: ToCheckedRow; grantsAdmin: () => void };

export function createAddCheck({ db, toRow, grantsAdmin }: AddCheckContext) {
  const check = async (ps: ParsedMemberRow[]): Promise<CheckedRow[]> => {
    const ok = ps.filter((p) => p.errors.length === 0);
    const owners = await findEmailOwners(
      db,
      ok.map((p) => p.email!),
    );
    const taken = new Set(owners.map((o) => o.email));
    return ps.map((p) => {
      if (p.errors.length === 0 && taken.has(p.email!))
        p.errors.push({ column: MEMBER_CSV.email, message: MSG.emailTaken });
      if (p.errors.length > 0) return toRow(p, 'add', null, null, null);
      const after: TMemberBulkValues = {
        email: p.email ?? '',
        name: p.name ?? '',
        furigana: p.furigana ?? null,
        organization: p.organization ?? '',
        roles: rolesFrom([], p.privileges),
        groups: p.groups ?? [],
      };
      if (after.roles.includes('CompanyAdmin')) grantsAdmin();
      return toRow(p, 'add', null, null, after);
    });
  };
  return { check };
}
