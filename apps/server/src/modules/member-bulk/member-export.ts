/**
 * Export and edit-template generation (docs/design.md §3): the same columns, so an export re-uploads unchanged
 * as an edit file. Members are read in keyset pages and streamed through the CSV writer into storage:
 * memory stays flat however many members the company has.
 */
import {
  MEMBER_EXPORT_COLUMNS,
  MEMBER_EXPORT_COLUMNS_WITH_SOURCE,
  MEMBER_SOURCE_LABELS,
  MEMBER_GROUP_SEPARATOR,
  MEMBER_ROLE_COLUMNS,
  MemberStatus,
  memberColumnsFor,
  memberUseState,
  type TMemberSource,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { runExport } from '../../bulk/export-runner.ts';
import type { CsvWriter } from '../../lib/csv/stringify.ts';
import { hasGroupSeparator } from './member-cells.ts';
import { versionCell } from '../../bulk/version-cell.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { findDocumentApproval } from './member-use-state.sql.ts';
import {
  countFilteredMembers,
  forEachMemberPage,
  membersPage,
  type ExportedMember,
  type MemberCsvFilters,
  type MemberState,
} from './member-bulk.repository.ts';

export const EXPORT_PAGE = 2000;

/** 作成元 in the words of the drawer (every member before the column is 手動). */
const sourceCell = (source: string | undefined) =>
  MEMBER_SOURCE_LABELS[(source ?? 'manual') as TMemberSource] ?? source ?? '';

/** A group whose name contains a separator (`;` or `；`) is written by id, which the upload also accepts. */
const groupCell = (groups: { id: string; name: string }[]) =>
  groups.map((g) => (hasGroupSeparator(g.name) ? g.id : g.name)).join(MEMBER_GROUP_SEPARATOR);

/**
 * A deactivation file (the edit template asked for with 利用停止): the members a file may stop — 有効 or
 * パスワード再設定待ち, never the requester — are written as 利用停止; 招待中 and 利用停止 stay as they are, and
 * so do members the company's IdP provisions (作成元 SCIM), whose 利用状態 only the IdP changes (the edit check
 * would refuse their rows and hold up the whole run).
 */
export type Deactivation = { except: string; count: number };
/** What a generated file writes beyond the members of its filters. */
export type MemberCsvOptions = { deactivation?: Deactivation; withSource?: boolean };

const stoppable = (status: number) =>
  status === MemberStatus.Valid || status === MemberStatus.PasswordReset;

export async function writeMembersCsv(
  deps: AppDeps,
  companyId: string,
  filters: MemberCsvFilters,
  writer: CsvWriter,
  onPage?: (written: number) => Promise<void>,
  { deactivation, withSource = false }: MemberCsvOptions = {},
) {
  const useStateOf = (u: MemberState) => {
    if (
      !deactivation ||
      u.id === deactivation.except ||
      !stoppable(u.status) ||
      u.source === 'scim'
    )
      return memberUseState(u.status);
    deactivation.count += 1;
    return memberUseState(MemberStatus.Deactivated);
  };
  // 承認権限 only while the company's documentApproval flag is on, like its member form and its uploads.
  const approval = await findDocumentApproval(deps.database.db, companyId);
  const roleColumns = MEMBER_ROLE_COLUMNS.filter(
    (r) => approval !== 0 || r.role !== 'CompanyApprover',
  );
  await writer.write(
    memberColumnsFor(
      withSource ? MEMBER_EXPORT_COLUMNS_WITH_SOURCE : MEMBER_EXPORT_COLUMNS,
      approval,
    ),
  );
  let written = 0;
  const writePage = async (page: ExportedMember[]) => {
    deps.jobs.stopping.throwIfAborted();
    for (const u of page) {
      await writer.write([
        u.id,
        u.email,
        u.name,
        u.furigana ?? '',
        u.organization,
        ...roleColumns.map((r) => (u.roles.includes(r.role) ? '1' : '0')),
        groupCell(u.groups),
        useStateOf(u),
        versionCell(u.updatedAt),
        u.lastSignInAt ? jstDateTime(u.lastSignInAt) : '',
        ...(withSource ? [sourceCell(u.source)] : []),
      ]);
    }
    written += page.length;
    await onPage?.(written);
  };
  if (deps.database.kind === 'postgres') {
    await deps.database.db.transaction((tx) =>
      forEachMemberPage(tx, companyId, filters, EXPORT_PAGE, writePage),
    );
  } else {
    let after: { furigana: string | null; name: string; id: string } | null = null;
    for (;;) {
      const page = await membersPage(deps.database.db, companyId, filters, after, EXPORT_PAGE);
      if (page.length > 0) await writePage(page);
      if (page.length < EXPORT_PAGE) break;
      const last = page[page.length - 1]!;
      after = { furigana: last.furigana, name: last.name, id: last.id };
    }
  }
  writer.end();
  return written;
}

/** The job: the members of the filters saved when it was asked for. */
export async function runMemberExport(deps: AppDeps, manipulationId: string) {
  await runExport(deps, manipulationId, async (m) => {
    const filters = (m.params.filters ?? {}) as MemberCsvFilters;
    const except = m.params.deactivateExcept;
    const deactivation = typeof except === 'string' ? { except, count: 0 } : undefined;
    return {
      total: await countFilteredMembers(deps.database.db, m.companyId, filters),
      key: `member-bulk/${m.id}-out.csv`,
      write: (writer, onPage) =>
        writeMembersCsv(deps, m.companyId, filters, writer, onPage, {
          deactivation,
          withSource: m.params.withSource === true,
        }),
      // Read by the page that offers to start 一括編集 from the file: how many it would stop.
      counts: (): Record<string, number> =>
        deactivation ? { toDeactivate: deactivation.count } : {},
    };
  });
}
