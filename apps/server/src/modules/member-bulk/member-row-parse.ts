/**
 * First stage of the member checks (docs/design.md §3): each row's cells read on their own, with the columns
 * the file has and the kind of run deciding which cells count.
 */
import {
  BulkKind,
  MEMBER_CSV,
  MEMBER_ROLE_COLUMNS,
  type TBulkCellError,
  type TRole,
} from '@cloudsign/contract';
import type { InputRow } from '../../bulk/bulk.types.ts';
import type { CellVersion } from '../../bulk/version-cell.ts';
import {
  parseEmail,
  parseFurigana,
  parseMemberId,
  parseName,
  parseOrganization,
  parsePrivilege,
  parseUseState,
  parseVersion,
  splitGroups,
} from './member-cells.ts';

export type ParsedMemberRow = {
  row: InputRow;
  errors: TBulkCellError[];
  id: string | null;
  email: string | null;
  name: string | null;
  /** undefined = no フリガナ column (unchanged on edit); null = blank. */
  furigana: string | null | undefined;
  organization: string | null;
  /** Privileges present in the file: granted or not. */
  privileges: Partial<Record<TRole, boolean>>;
  groupTokens: string[] | null;
  version: CellVersion | null;
  /** Edit files: the 利用状態 asked for (MemberStatus), undefined when blank or absent. */
  useState: number | undefined;
  /** Delete files: the 移管先メールアドレス cell, null when blank or absent. */
  successorEmail: string | null;
  groups?: { id: string; name: string }[];
};

const filled = (input: Record<string, string>, column: string) =>
  (input[column] ?? '').trim() !== '';

export function createRowParser(kind: number, headers: readonly string[]) {
  const has = new Set(headers);
  const roleColumns = MEMBER_ROLE_COLUMNS.filter((r) => has.has(r.column));

  return (row: InputRow): ParsedMemberRow => {
    const errors: TBulkCellError[] = [];
    const input = row.input;
    const p: ParsedMemberRow = {
      row,
      errors,
      id: null,
      email: null,
      name: null,
      furigana: undefined,
      organization: null,
      privileges: {},
      groupTokens: null,
      version: null,
      useState: undefined,
      successorEmail: null,
    };
    if (has.has(MEMBER_CSV.id) && (kind === BulkKind.Edit || filled(input, MEMBER_CSV.id)))
      p.id = parseMemberId(input[MEMBER_CSV.id] ?? '', errors);
    if (
      has.has(MEMBER_CSV.email) &&
      (kind !== BulkKind.Delete || filled(input, MEMBER_CSV.email) || !p.id)
    ) {
      p.email = parseEmail(input[MEMBER_CSV.email] ?? '', MEMBER_CSV.email, errors);
    }
    if (kind === BulkKind.Delete) {
      if (has.has(MEMBER_CSV.successor) && filled(input, MEMBER_CSV.successor))
        p.successorEmail = parseEmail(
          input[MEMBER_CSV.successor] ?? '',
          MEMBER_CSV.successor,
          errors,
        );
      return p;
    }
    if (has.has(MEMBER_CSV.name)) p.name = parseName(input[MEMBER_CSV.name] ?? '', errors);
    if (has.has(MEMBER_CSV.furigana))
      p.furigana = parseFurigana(input[MEMBER_CSV.furigana] ?? '', errors);
    if (has.has(MEMBER_CSV.organization))
      p.organization = parseOrganization(input[MEMBER_CSV.organization] ?? '', errors);
    for (const { role, column } of roleColumns) {
      const v = parsePrivilege(input[column] ?? '', column, errors);
      if (v !== null) p.privileges[role] = v;
    }
    if (has.has(MEMBER_CSV.groups)) p.groupTokens = splitGroups(input[MEMBER_CSV.groups] ?? '');
    if (kind === BulkKind.Edit && has.has(MEMBER_CSV.status))
      p.useState = parseUseState(input[MEMBER_CSV.status] ?? '', errors);
    if (has.has(MEMBER_CSV.updatedAt))
      p.version = parseVersion(input[MEMBER_CSV.updatedAt] ?? '', errors);
    return p;
  };
}
