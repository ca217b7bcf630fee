/**
 * The member rows' checks (docs/design.md §3), in order: cells → across rows → references → state. A row stops
 * at the first stage that finds an error, so each message is about the cause, not its consequences.
 * Look-ups are per batch (one query each), so a 300,000-row file costs a few hundred queries.
 */
import { BulkKind, MEMBER_CSV } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ManipulationRow, RowChecker } from '../../bulk/bulk.types.ts';
import { countAdmins, findGroups } from './member-bulk.repository.ts';
import { memberColumnSpec } from './member-cells.ts';
import { findDocumentApproval } from './member-use-state.sql.ts';
import { FirstRowIndex } from './first-row-index.ts';
import { MSG } from './member-check-messages.ts';
import { createRowParser, type ParsedMemberRow as Parsed } from './member-row-parse.ts';
import { createDeleteCheck } from './member-delete-check.ts';
import { createAddCheck } from './member-add-check.ts';
import { createEditCheck, type ToCheckedRow } from './member-edit-check.ts';
import { createGroupReferences } from './member-group-refs.ts';
import { loadMemberValues } from './member-values-load.ts';

export async function createMemberChecker(
  db: DbOrTx,
  m: ManipulationRow,
  headers: readonly string[],
): Promise<RowChecker> {
  const kind = m.kind;
  const companyId = m.companyId;
  const references = createGroupReferences(await findGroups(db, companyId));
  const documentApproval = await findDocumentApproval(db, companyId);
  // The only state kept across the whole file: the first row of each email and member id (first-row-index.ts).
  const firstRowOfEmail = new FirstRowIndex();
  const firstRowOfId = new FirstRowIndex();
  const adminRemovals: { rowNumber: number; column: string }[] = [];
  let adminGrants = 0;

  const parse = createRowParser(kind, headers);

  /** Across rows: the same email or member twice in one file; the later row is the error. */
  const claim = (
    firstRowOf: FirstRowIndex,
    key: string,
    p: Parsed,
    column: string,
    message: (row: number) => string,
  ) => {
    const first = firstRowOf.claim(key, p.row.rowNumber);
    if (first !== undefined) p.errors.push({ column, message: message(first) });
  };

  const acrossRows = (p: Parsed) => {
    if (p.id) claim(firstRowOfId, p.id, p, MEMBER_CSV.id, MSG.duplicateMember);
    if (p.email && !(kind === BulkKind.Delete && p.id)) {
      claim(
        firstRowOfEmail,
        p.email,
        p,
        MEMBER_CSV.email,
        kind === BulkKind.Delete ? MSG.duplicateMember : MSG.duplicateEmail,
      );
    }
  };

  const toRow: ToCheckedRow = (p, action, targetId, before, after) => ({
    rowNumber: p.row.rowNumber,
    action: p.errors.length > 0 ? 'error' : action,
    targetId,
    input: p.row.input,
    before,
    after,
    errors: p.errors,
  });

  const loadMembers = (ids: string[]) => loadMemberValues(db, companyId, ids);
  const removesAdmin = (rowNumber: number, column: string) =>
    adminRemovals.push({ rowNumber, column });
  const grantsAdmin = () => void (adminGrants += 1);
  const adds = createAddCheck({ db, toRow, grantsAdmin });
  const edits = createEditCheck({ db, m, loadMembers, toRow, removesAdmin, grantsAdmin });

  const deletes = createDeleteCheck({
    db,
    m,
    firstRowOfId,
    claimId: (id, p, column) => claim(firstRowOfId, id, p, column, MSG.duplicateMember),
    loadMembers,
    toRow,
    removesAdmin,
  });

  return {
    columns: memberColumnSpec(kind, documentApproval),
    checkBatch: async (rows) => {
      const ps = rows.map(parse);
      for (const p of ps) if (p.errors.length === 0) acrossRows(p);
      for (const p of ps) if (p.errors.length === 0) references(p);
      if (kind === BulkKind.Add) return adds.check(ps);
      if (kind === BulkKind.Edit) return edits.check(ps);
      return deletes.check(ps);
    },
    finish: async () => {
      const successorErrors = kind === BulkKind.Delete ? deletes.finish() : [];
      if (adminRemovals.length === 0) return successorErrors;
      const admins = await countAdmins(db, companyId);
      if (admins - adminRemovals.length + adminGrants > 0) return successorErrors;
      return [
        ...successorErrors,
        ...adminRemovals.map((r) => ({
          rowNumber: r.rowNumber,
          column: r.column,
          message: MSG.lastAdmin,
        })),
      ];
    },
  };
}
