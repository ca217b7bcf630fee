/**
 * Cell rules of the member CSVs (docs/design.md §3), the same as the members API's (contract members.ts):
 * email ≤254 + syntax, lower-cased; name ≤64; 所属 ≤100; privileges 1/0/あり/なし/blank.
 */
import {
  BulkKind,
  MEMBER_ADD_COLUMNS,
  MEMBER_CSV,
  MEMBER_DELETE_COLUMNS,
  MEMBER_EXPORT_COLUMNS_WITH_SOURCE,
  MEMBER_GROUP_SEPARATOR,
  LEGACY_ACTIVE_USE_STATE,
  MEMBER_USE_STATES,
  MemberStatus,
  memberColumnsFor,
  ROLE_LABELS,
  ZId,
  ZMemberEmail,
  ZMemberFurigana,
  ZMemberName,
  ZMemberOrganization,
  type TBulkCellError,
} from '@cloudsign/contract';
import { jstTimestamp } from '../../lib/time/jst.ts';
import type { ColumnSpec } from '../../bulk/bulk.types.ts';
import { parseVersionCell, type CellVersion } from '../../bulk/version-cell.ts';

/** Why 承認権限 is refused while the company's documentApproval flag is off. */
export const APPROVER_OFF_MSG =
  '書類の承認機能が無効のため、承認権限は設定できません。この列を削除してアップロードしてください（企業設定で書類の承認を有効にすると使えます）。';

/** The headers a company's file may have: 承認権限 only while its documentApproval flag is on. */
export function memberColumnSpec(kind: number, documentApproval: number): ColumnSpec {
  const unavailable =
    documentApproval === 0 ? { [ROLE_LABELS.CompanyApprover]: APPROVER_OFF_MSG } : undefined;
  if (kind === BulkKind.Add)
    return {
      allowed: memberColumnsFor(MEMBER_ADD_COLUMNS, documentApproval),
      required: [MEMBER_CSV.email],
      unavailable,
    };
  // An export re-uploads as an edit file: its read-only 最終ログイン日時 and 作成元 are allowed and never read.
  if (kind === BulkKind.Edit)
    return {
      allowed: memberColumnsFor(MEMBER_EXPORT_COLUMNS_WITH_SOURCE, documentApproval),
      required: [MEMBER_CSV.id],
      unavailable,
    };
  return {
    allowed: MEMBER_DELETE_COLUMNS,
    required: [],
    requiredOneOf: [[MEMBER_CSV.id, MEMBER_CSV.email]],
  };
}

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message ?? '';

export function parseEmail(raw: string, column: string, errors: TBulkCellError[]): string | null {
  const r = ZMemberEmail.safeParse(raw);
  if (r.success) return r.data;
  errors.push({ column, message: firstMessage(r) });
  return null;
}

export function parseName(raw: string, errors: TBulkCellError[]): string {
  const r = ZMemberName.safeParse(raw);
  if (r.success) return r.data;
  errors.push({ column: MEMBER_CSV.name, message: firstMessage(r) });
  return raw;
}

/** フリガナ as the API takes it (contract members.ts): katakana or hiragana, stored as katakana; blank = none. */
export function parseFurigana(raw: string, errors: TBulkCellError[]): string | null {
  const r = ZMemberFurigana.safeParse(raw);
  if (r.success) return r.data;
  errors.push({ column: MEMBER_CSV.furigana, message: firstMessage(r) });
  return null;
}

export function parseOrganization(raw: string, errors: TBulkCellError[]): string {
  const r = ZMemberOrganization.safeParse(raw);
  if (r.success) return r.data;
  errors.push({ column: MEMBER_CSV.organization, message: firstMessage(r) });
  return raw;
}

export function parseMemberId(raw: string, errors: TBulkCellError[]): string | null {
  const v = raw.trim();
  if (v === '') {
    errors.push({ column: MEMBER_CSV.id, message: 'メンバーIDを入力してください。' });
    return null;
  }
  if (!ZId.safeParse(v.toLowerCase()).success) {
    errors.push({ column: MEMBER_CSV.id, message: 'メンバーIDの形式が正しくありません。' });
    return null;
  }
  return v.toLowerCase();
}

/** 1 / あり = granted; 0 / なし / blank = not (docs/design.md §3). Full-width digits are accepted too. */
export function parsePrivilege(
  raw: string,
  column: string,
  errors: TBulkCellError[],
): boolean | null {
  // Most cells are exactly 0, 1 or blank: answered before normalising (a new string per cell otherwise).
  if (raw === '0' || raw === '') return false;
  if (raw === '1') return true;
  const v = raw.normalize('NFKC').trim();
  if (v === '1' || v === 'あり') return true;
  if (v === '0' || v === 'なし' || v === '') return false;
  errors.push({
    column,
    message: `「${raw}」は指定できません。1 または あり（権限を付与）、0・なし・空欄（付与しない）で入力してください。`,
  });
  return null;
}

/**
 * 利用状態 in the screens' words: 有効 → Valid, パスワード再設定待ち → PasswordReset, 利用停止 → Deactivated,
 * 招待中 → Invalid (and LEGACY_ACTIVE_USE_STATE, of files exported before, → Valid); blank = unchanged. Whether the
 * member may take that state is the checker's question.
 */
export function parseUseState(raw: string, errors: TBulkCellError[]): number | undefined {
  const v = raw.normalize('NFKC').trim();
  if (v === '') return undefined;
  if (v === MEMBER_USE_STATES.active || v === LEGACY_ACTIVE_USE_STATE) return MemberStatus.Valid;
  if (v === MEMBER_USE_STATES.passwordReset) return MemberStatus.PasswordReset;
  if (v === MEMBER_USE_STATES.deactivated) return MemberStatus.Deactivated;
  if (v === MEMBER_USE_STATES.invited) return MemberStatus.Invalid;
  errors.push({
    column: MEMBER_CSV.status,
    message: `「${raw}」は指定できません。${MEMBER_USE_STATES.active} または ${MEMBER_USE_STATES.deactivated} で入力してください（空欄は変更なし）。`,
  });
  return undefined;
}

/**
 * What separates groups in a cell: `;`, or the full-width `；` a Japanese input method types (the other cells
 * read full-width forms too). Only these two: normalising the whole cell would change group names.
 */
const GROUP_SEPARATORS = new RegExp(`[${MEMBER_GROUP_SEPARATOR}；]`);

/** Whether a group's name holds a separator (it is then written by id, which the upload also accepts). */
export const hasGroupSeparator = (name: string) => GROUP_SEPARATORS.test(name);

/** Names or ids separated by `;` or `；`, blanks and repeats dropped. */
export const splitGroups = (raw: string): string[] =>
  raw.trim() === ''
    ? []
    : [
        ...new Set(
          raw
            .split(GROUP_SEPARATORS)
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        ),
      ];

/** 更新日時 of the edit template and export, at the precision the file kept (bulk/version-cell.ts). */
export function parseVersion(raw: string, errors: TBulkCellError[]): CellVersion | null {
  if (raw.trim() === '') return null;
  const v = parseVersionCell(raw);
  if (!v)
    errors.push({
      column: MEMBER_CSV.updatedAt,
      message:
        '更新日時の形式が正しくありません。編集用CSVに出力された値を変更せずにアップロードしてください。',
    });
  return v;
}

/**
 * The exact instant a checked row keeps in `before.updatedAt`, which execution compares under locks: the file
 * is read at its own precision at the check, the check's read exactly after it.
 */
export const formatVersion = jstTimestamp;
