/**
 * The delete file's checks: the member exists and may go (not oneself), and whoever holds cabinets or documents
 * names a successor (移管先) of the same company who is active and not deleted in the same file. Each row says
 * what moves where; a successor deleted later in the file is known only at the end (`finish`).
 */
import { MEMBER_CSV, MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CheckedRow, ManipulationRow } from '../../bulk/bulk.types.ts';
import { countHoldings } from '../members/member-offboarding.service.ts';
import { findMembersByEmails } from './member-bulk.repository.ts';
import type { FirstRowIndex } from './first-row-index.ts';
import type { ParsedMemberRow } from './member-row-parse.ts';
import { MSG } from './member-check-messages.ts';
import type { LoadedMembers } from './member-values-load.ts';
import type { ToCheckedRow } from './member-edit-check.ts';

export type DeleteCheckContext = {
  db: DbOrTx;
  m: ManipulationRow;
  firstRowOfId: FirstRowIndex;
  claimId: (key: string, p: ParsedMemberRow, column: string) => void;
  loadMembers: (ids: string[]) => Promise<LoadedMembers>;
  toRow: ToCheckedRow;
  removesAdmin: (rowNumber: number, column: string) => void;
};

export function createDeleteCheck(ctx: DeleteCheckContext) {
  const { db, m } = ctx;
  const companyId = m.companyId;
  /** Rows naming each successor, to refuse at the end a successor whom the file deletes. */
  const rowsOfSuccessor = new Map<string, number[]>();

  const findTargets = async (ps: ParsedMemberRow[]) => {
    const ok = ps.filter((p) => p.errors.length === 0);
    const byIds = await ctx.loadMembers(ok.filter((p) => p.id).map((p) => p.id!));
    const byEmails = new Map(
      (
        await findMembersByEmails(
          db,
          companyId,
          ok.filter((p) => !p.id).map((p) => p.email!),
        )
      ).map((mm) => [mm.email, mm.id]),
    );
    const extra = await ctx.loadMembers([...byEmails.values()]);
    return (p: ParsedMemberRow) => {
      const id = p.id ?? byEmails.get(p.email!) ?? null;
      return { id, cur: id ? (byIds.get(id) ?? extra.get(id)) : undefined };
    };
  };

  const check = async (ps: ParsedMemberRow[]): Promise<CheckedRow[]> => {
    const targetOf = await findTargets(ps);
    const found = ps.filter((p) => p.errors.length === 0).map((p) => targetOf(p).id);
    const holdings = await countHoldings(
      db,
      companyId,
      found.filter((id): id is string => id !== null),
    );
    const successors = new Map(
      (
        await findMembersByEmails(
          db,
          companyId,
          ps.filter((p) => p.errors.length === 0 && p.successorEmail).map((p) => p.successorEmail!),
        )
      ).map((s) => [s.email, s]),
    );
    return ps.map((p) => {
      if (p.errors.length > 0) return ctx.toRow(p, 'error', p.id, null, null);
      const { id, cur } = targetOf(p);
      const column = p.id ? MEMBER_CSV.id : MEMBER_CSV.email;
      if (!id || !cur) p.errors.push({ column, message: MSG.memberNotFound });
      else if (p.id && p.email && cur.state.email !== p.email)
        p.errors.push({ column: MEMBER_CSV.email, message: MSG.idEmailMismatch });
      else if (id === m.createdBy) p.errors.push({ column, message: MSG.selfDelete });
      // Found by email: the same member may also be named by id in another row.
      else if (!p.id) ctx.claimId(id, p, column);
      if (p.errors.length > 0 || !cur || !id)
        return ctx.toRow(p, 'delete', id, cur?.values ?? null, null);
      const held = holdings.get(id) ?? { cabinets: 0, documents: 0 };
      const successor = p.successorEmail ? successors.get(p.successorEmail) : undefined;
      const error = (message: string) => p.errors.push({ column: MEMBER_CSV.successor, message });
      if (p.successorEmail && !successor) error(MSG.successorNotFound);
      else if (successor?.id === id) error(MSG.successorSelf);
      else if (successor?.status === MemberStatus.Deactivated) error(MSG.successorDeactivated);
      else if (!successor && (held.cabinets > 0 || held.documents > 0))
        error(MSG.successorRequired(held.cabinets, held.documents));
      if (successor && p.errors.length === 0)
        rowsOfSuccessor.set(successor.id, [
          ...(rowsOfSuccessor.get(successor.id) ?? []),
          p.row.rowNumber,
        ]);
      if (
        p.errors.length === 0 &&
        cur.values.roles.includes('CompanyAdmin') &&
        cur.state.status !== MemberStatus.Deactivated
      )
        ctx.removesAdmin(p.row.rowNumber, column);
      const to = successor
        ? { id: successor.id, email: successor.email, name: successor.name }
        : null;
      return ctx.toRow(p, 'delete', id, { ...cur.values, transfer: { to, ...held } }, null);
    });
  };

  /** After the whole file: a successor whom some row deletes cannot take anything over. */
  const finish = () => {
    const errors: { rowNumber: number; column: string; message: string }[] = [];
    for (const [successorId, rows] of rowsOfSuccessor) {
      const deletedAt = ctx.firstRowOfId.firstRow(successorId);
      if (deletedAt === undefined) continue;
      for (const rowNumber of rows)
        errors.push({
          rowNumber,
          column: MEMBER_CSV.successor,
          message: MSG.successorDeletedInFile(deletedAt),
        });
    }
    return errors;
  };

  return { check, finish };
}
