/**
 * Applies checked member rows, one batch per call, set-based (one statement per kind of write). The state
 * is re-read under row locks: anything that changed since the check (email taken meanwhile, member
 * deleted or edited) fails that row with its reason instead of overwriting.
 */
import { BulkKind, MemberStatus, type TMemberBulkValues } from '@cloudsign/contract';
import type { Tx } from '../../db/client.ts';
import type {
  BatchExecutor,
  ManipulationRow,
  PendingRow,
  RowOutcome,
} from '../../bulk/bulk.types.ts';
import { memberSearchText } from '../../lib/search-text.ts';
import { revokeOnEmailChange } from '../../auth/revocation.ts';
import { applyUseStates } from './member-use-state-apply.ts';
import { formatVersion } from './member-cells.ts';
import { MSG } from './member-check-messages.ts';
import { countHoldings, transferHoldings } from '../members/member-offboarding.service.ts';
import { memberAuditTarget } from '../members/member-mappers.ts';
import { findEmailOwners } from '../members/members.service.ts';
import { changes } from '../audit-log/audit-log.record.ts';
import {
  bulkRowDetail,
  rowEvents,
  runExecutor,
  alongsideWrite,
  writeRowEvents,
  type RowEventWriter,
} from '../audit-log/bulk-row-events.ts';
import {
  addMemberships,
  countAdmins,
  deleteMembers,
  findMembersByIds,
  insertMembers,
  replaceMemberships,
  updateMembers,
} from './member-bulk.repository.ts';

export const EXEC_MSG = {
  gone: 'メンバーが見つかりません（チェックの後に削除されました）。',
  changed:
    'チェックの後にこのメンバーが変更されたため、反映しませんでした。もう一度アップロードしてください。',
  emailTaken: `${MSG.emailTaken}（チェックの後に使われました）`,
  successorGone:
    '移管先のメンバーがチェックの後に削除または利用停止されたため、削除しませんでした。移管先を見直してもう一度アップロードしてください。',
  holdingsSince:
    'チェックの後にこのメンバーがキャビネットの管理者または書類の送信者になったため、削除しませんでした。移管先を指定してもう一度アップロードしてください。',
} as const;

const ok = (rowNumber: number, targetId?: string): RowOutcome => ({
  rowNumber,
  outcome: 'succeeded',
  message: null,
  targetId: targetId ?? null,
});
const fail = (rowNumber: number, message: string): RowOutcome => ({
  rowNumber,
  outcome: 'failed',
  message,
});
const values = (r: PendingRow, key: 'before' | 'after') => r[key] as TMemberBulkValues;
/** The fields a row's event shows before → after, as the member form's save records them (members.service). */
const AUDITED = ['name', 'furigana', 'email', 'organization', 'roles', 'status'] as const;
const NO_MEMBER = {
  name: '',
  furigana: null as string | null,
  email: '',
  organization: '',
  roles: [] as string[],
};
const groupChange = (before: TMemberBulkValues['groups'], after: TMemberBulkValues['groups']) =>
  before.map((g) => g.id).join() === after.map((g) => g.id).join()
    ? {}
    : { groups: { before, after } };

/**
 * One event per member the batch changed (issue 33), in the batch's transaction and one statement: the same
 * action and before → after as the single edit, plus the run and the row (bulk-row-events.ts).
 */
async function recordRows(
  write: RowEventWriter,
  tx: Tx,
  m: ManipulationRow,
  events: {
    rowNumber: number;
    action: 'member.created' | 'member.updated' | 'member.deleted';
    target: ReturnType<typeof memberAuditTarget>;
    details: Record<string, unknown>;
  }[],
) {
  if (events.length === 0) return;
  const executor = await runExecutor(tx, m);
  await write(
    tx,
    rowEvents(
      m,
      executor,
      events.map(({ rowNumber, ...e }) => ({
        ...e,
        details: { ...e.details, ...bulkRowDetail(m, rowNumber) },
      })),
    ),
  );
}

/** An admin who keeps the company going: a deactivated (利用停止) one does not (countAdmins). */
const isActiveAdmin = (v: TMemberBulkValues | null | undefined) =>
  Boolean(v?.roles.includes('CompanyAdmin')) && v?.status !== MemberStatus.Deactivated;

async function applyAdds(
  write: RowEventWriter,
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
): Promise<RowOutcome[]> {
  const list = rows.map((r) => {
    const a = values(r, 'after');
    return {
      n: r.rowNumber,
      email: a.email,
      name: a.name,
      furigana: a.furigana ?? null,
      organization: a.organization,
      roles: a.roles,
      search: memberSearchText(a),
    };
  });
  const inserted = new Map((await insertMembers(tx, m.companyId, list)).map((x) => [x.n, x.id]));
  const memberships = addMemberships(
    tx,
    m.companyId,
    rows
      .filter((r) => inserted.get(r.rowNumber))
      .map((r) => ({
        userId: inserted.get(r.rowNumber)!,
        groupIds: values(r, 'after').groups.map((g) => g.id),
      })),
  );
  await alongsideWrite(memberships, () =>
    recordRows(
      write,
      tx,
      m,
      rows
        .filter((r) => inserted.get(r.rowNumber))
        .map((r) => {
          const a = values(r, 'after');
          return {
            rowNumber: r.rowNumber,
            action: 'member.created' as const,
            target: memberAuditTarget({
              id: inserted.get(r.rowNumber)!,
              name: a.name,
              email: a.email,
            }),
            details: {
              ...changes(NO_MEMBER, { ...a, furigana: a.furigana ?? null }, [
                'name',
                'furigana',
                'email',
                'organization',
                'roles',
              ]),
              ...groupChange([], a.groups),
            },
          };
        }),
    ),
  );
  return rows.map((r) =>
    inserted.get(r.rowNumber)
      ? ok(r.rowNumber, inserted.get(r.rowNumber)!)
      : fail(r.rowNumber, EXEC_MSG.emailTaken),
  );
}

/** Rows whose member is gone or changed since the check fail; the rest are returned for writing. */
async function lockCurrent(
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
  outcomes: Map<number, RowOutcome>,
  isVersionChecked: boolean,
) {
  const current = new Map(
    (
      await findMembersByIds(
        tx,
        m.companyId,
        rows.map((r) => r.targetId!),
        true,
      )
    ).map((c) => [c.id, c]),
  );
  const live: PendingRow[] = [];
  for (const r of rows) {
    const cur = current.get(r.targetId!);
    if (!cur) outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.gone));
    else if (isVersionChecked && formatVersion(cur.updatedAt) !== values(r, 'before').updatedAt)
      outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.changed));
    else live.push(r);
  }
  return { live, current };
}

/** The last company admin stays (CS): fail the admin-removing rows of a batch that would leave none. */
async function guardLastAdmin(
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
  removes: (r: PendingRow) => boolean,
  grants: number,
  outcomes: Map<number, RowOutcome>,
) {
  const removing = rows.filter(removes);
  if (removing.length === 0) return rows;
  if ((await countAdmins(tx, m.companyId)) - removing.length + grants > 0) return rows;
  for (const r of removing) outcomes.set(r.rowNumber, fail(r.rowNumber, MSG.lastAdmin));
  return rows.filter((r) => !removes(r));
}

async function applyEdits(
  write: RowEventWriter,
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  let { live } = await lockCurrent(tx, m, rows, outcomes, true);
  const changedEmail = live.filter((r) => values(r, 'after').email !== values(r, 'before').email);
  const owners = new Map(
    (
      await findEmailOwners(
        tx,
        changedEmail.map((r) => values(r, 'after').email),
      )
    ).map((o) => [o.email, o.id]),
  );
  live = live.filter((r) => {
    const owner = owners.get(values(r, 'after').email);
    if (owner && owner !== r.targetId)
      outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.emailTaken));
    return !outcomes.has(r.rowNumber);
  });
  const grants = live.filter(
    (r) => !isActiveAdmin(values(r, 'before')) && isActiveAdmin(values(r, 'after')),
  ).length;
  live = await guardLastAdmin(
    tx,
    m,
    live,
    (r) => isActiveAdmin(values(r, 'before')) && !isActiveAdmin(values(r, 'after')),
    grants,
    outcomes,
  );
  const updating = updateMembers(
    tx,
    m.companyId,
    live.map((r) => {
      const a = values(r, 'after');
      return {
        id: r.targetId!,
        email: a.email,
        name: a.name,
        furigana: a.furigana === undefined ? null : a.furigana,
        organization: a.organization,
        roles: a.roles,
        search: memberSearchText(a),
      };
    }),
  );
  await alongsideWrite(updating, () =>
    recordRows(
      write,
      tx,
      m,
      live.map((r) => {
        const b = values(r, 'before');
        const a = values(r, 'after');
        return {
          rowNumber: r.rowNumber,
          action: 'member.updated' as const,
          target: memberAuditTarget({ id: r.targetId!, name: a.name, email: a.email }),
          details: {
            ...changes(
              { ...b, furigana: b.furigana ?? null },
              { ...a, furigana: a.furigana === undefined ? undefined : a.furigana },
              AUDITED,
            ),
            ...groupChange(b.groups, a.groups),
          },
        };
      }),
    ),
  );
  // The old addresses may have been mistyped: their setup links and sessions end with the commit; invited
  // members get a fresh link at the new address from the follow-up job (member-invitations.ts).
  await revokeOnEmailChange(
    tx,
    live
      .filter((r) => values(r, 'after').email !== values(r, 'before').email)
      .map((r) => r.targetId!),
  );
  await applyUseStates(tx, m, live);
  const groupsChanged = live.filter(
    (r) =>
      values(r, 'after')
        .groups.map((g) => g.id)
        .join() !==
      values(r, 'before')
        .groups.map((g) => g.id)
        .join(),
  );
  await replaceMemberships(
    tx,
    m.companyId,
    groupsChanged.map((r) => ({
      userId: r.targetId!,
      groupIds: values(r, 'after').groups.map((g) => g.id),
    })),
  );
  for (const r of live) outcomes.set(r.rowNumber, ok(r.rowNumber));
  return rows.map((r) => outcomes.get(r.rowNumber)!);
}

/**
 * Offboarding under locks: a successor deleted or deactivated since the check, or a member who came to hold a
 * cabinet or documents without a successor named, fails that row rather than leaving anything orphaned.
 */
async function guardHoldings(
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
  outcomes: Map<number, RowOutcome>,
) {
  const deleting = new Set(rows.map((r) => r.targetId!));
  const successorIds = [
    ...new Set(rows.flatMap((r) => values(r, 'before').transfer?.to?.id ?? [])),
  ];
  const successors = new Map(
    (await findMembersByIds(tx, m.companyId, successorIds, true)).map((s) => [s.id, s]),
  );
  const held = await countHoldings(
    tx,
    m.companyId,
    rows.filter((r) => !values(r, 'before').transfer?.to).map((r) => r.targetId!),
  );
  return rows.filter((r) => {
    const to = values(r, 'before').transfer?.to;
    const s = to ? successors.get(to.id) : undefined;
    const h = held.get(r.targetId!);
    if (to && (!s || s.status === MemberStatus.Deactivated || deleting.has(s.id)))
      outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.successorGone));
    else if (!to && h && (h.cabinets > 0 || h.documents > 0))
      outcomes.set(r.rowNumber, fail(r.rowNumber, EXEC_MSG.holdingsSince));
    return !outcomes.has(r.rowNumber);
  });
}

async function applyDeletes(
  write: RowEventWriter,
  tx: Tx,
  m: ManipulationRow,
  rows: PendingRow[],
): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  // A delete goes ahead even if the member was edited since the check; only its privileges matter here.
  const locked = await lockCurrent(tx, m, rows, outcomes, false);
  let live = locked.live.filter((r) => {
    if (r.targetId === m.createdBy) outcomes.set(r.rowNumber, fail(r.rowNumber, MSG.selfDelete));
    return !outcomes.has(r.rowNumber);
  });
  live = await guardHoldings(tx, m, live, outcomes);
  live = await guardLastAdmin(
    tx,
    m,
    live,
    (r) => Boolean(locked.current.get(r.targetId!)?.roles.includes('CompanyAdmin')),
    0,
    outcomes,
  );
  // Exactly once: the moves commit with the deletions and the rows' outcomes, or none of them do.
  await transferHoldings(
    tx,
    m.companyId,
    live.flatMap((r) => {
      const to = values(r, 'before').transfer?.to;
      return to ? [{ from: r.targetId!, to: to.id }] : [];
    }),
  );
  await alongsideWrite(
    deleteMembers(
      tx,
      m.companyId,
      live.map((r) => r.targetId!),
    ),
    () =>
      recordRows(
        write,
        tx,
        m,
        live.map((r) => {
          const cur = locked.current.get(r.targetId!)!;
          const transfer = values(r, 'before').transfer;
          return {
            rowNumber: r.rowNumber,
            action: 'member.deleted' as const,
            target: memberAuditTarget(cur),
            details: {
              roles: cur.roles,
              ...(transfer?.to
                ? {
                    successor: transfer.to,
                    cabinets: transfer.cabinets,
                    documents: transfer.documents,
                  }
                : {}),
            },
          };
        }),
      ),
  );
  for (const r of live) outcomes.set(r.rowNumber, ok(r.rowNumber));
  return rows.map((r) => outcomes.get(r.rowNumber)!);
}

/** `write` is the product's event writer unless a benchmark measures the execution without it (RowEventWriter). */
export function memberExecutor(
  kind: number,
  afterAll?: BatchExecutor['afterAll'],
  write: RowEventWriter = writeRowEvents,
): BatchExecutor {
  const [executableActions, apply] =
    kind === BulkKind.Add
      ? (['add', applyAdds] as const)
      : kind === BulkKind.Edit
        ? (['update', applyEdits] as const)
        : (['delete', applyDeletes] as const);
  return {
    executableActions: [executableActions],
    applyBatch: (tx, m, rows) => apply(write, tx, m, rows),
    afterAll,
  };
}
