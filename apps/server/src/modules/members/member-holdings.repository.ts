/**
 * What a member holds (offboarding) and its transfer to a successor. Every query is scoped by company, and
 * the transfer is set-based: one statement for the cabinet admin rows, one for the documents, whatever the
 * number of members deleted at once.
 */
import { sql } from 'drizzle-orm';
import { BulkStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, queryRows } from '../../db/query-rows.ts';

/** Not finished and not given up: the runs a member's departure leaves without their author. */
const PENDING_BULK = [
  BulkStatus.Uploaded,
  BulkStatus.Checking,
  BulkStatus.Ready,
  BulkStatus.Processing,
];

export async function findAdministeredCabinets(db: DbOrTx, companyId: string, userId: string) {
  return queryRows<{ id: string; name: string; otherAdmins: number }>(
    db,
    sql`select c.id, c.name,
          (select count(*)::int from cabinet_admins o where o.cabinet_id = c.id and o.user_id <> ${userId}::uuid) as "otherAdmins"
        from cabinet_admins a join cabinets c on c.id = a.cabinet_id
        where a.user_id = ${userId}::uuid and c.company_id = ${companyId}::uuid
        order by c.name, c.id`,
  );
}

export async function countSentDocuments(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from documents where company_id = ${companyId}::uuid and sender_id = ${userId}::uuid`,
  );
  return row?.n ?? 0;
}

export async function findPendingBulkRuns(db: DbOrTx, companyId: string, userId: string) {
  const rows = await queryRows<{ id: string; target: string; status: number; createdAt: number }>(
    db,
    sql`select id, target, status, floor(extract(epoch from created_at) * 1000)::float8 as "createdAt"
        from bulk_manipulations
        where company_id = ${companyId}::uuid and created_by = ${userId}::uuid
          and status = any(${`{${PENDING_BULK.join(',')}}`}::smallint[])
        order by created_at, id`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(Number(r.createdAt)).toISOString() }));
}

/** Per member: how many cabinets they administer and documents they sent (the bulk check, one query a batch). */
export async function countHoldings(db: DbOrTx, companyId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, { cabinets: number; documents: number }>();
  const rows = await queryRows<{ id: string; cabinets: number; documents: number }>(
    db,
    sql`select u.id,
          (select count(*)::int from cabinet_admins a where a.user_id = u.id) as cabinets,
          (select count(*)::int from documents d where d.company_id = u.company_id and d.sender_id = u.id) as documents
        from users u where u.company_id = ${companyId}::uuid and u.id = any(${pgArray(userIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, { cabinets: r.cabinets, documents: r.documents }]));
}

/**
 * Moves cabinet admin roles and document ownership from each member to their successor, before the members
 * are deleted in the same transaction. A successor already admin of a cabinet stays its admin once.
 * The documents keep their sender's name and email as sent: only who owns them changes.
 */
export async function transferHoldings(
  tx: DbOrTx,
  companyId: string,
  moves: readonly { from: string; to: string }[],
) {
  if (moves.length === 0) return { cabinets: 0, documents: 0 };
  const from = pgArray(moves.map((m) => m.from));
  const to = pgArray(moves.map((m) => m.to));
  const cabinets = await queryRows<{ cabinetId: string }>(
    tx,
    sql`insert into cabinet_admins (cabinet_id, user_id)
        select a.cabinet_id, m.to_id from unnest(${from}::uuid[], ${to}::uuid[]) as m(from_id, to_id)
        join cabinet_admins a on a.user_id = m.from_id
        join cabinets c on c.id = a.cabinet_id and c.company_id = ${companyId}::uuid
        on conflict do nothing returning cabinet_id as "cabinetId"`,
  );
  const documents = await queryRows<{ id: string }>(
    tx,
    sql`update documents d set sender_id = m.to_id
        from unnest(${from}::uuid[], ${to}::uuid[]) as m(from_id, to_id)
        where d.company_id = ${companyId}::uuid and d.sender_id = m.from_id returning d.id`,
  );
  return { cabinets: cabinets.length, documents: documents.length };
}
