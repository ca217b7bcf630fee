/** Cabinet SQL (STYLE.md: only repositories issue SQL). Every statement is scoped by company. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TCabinet } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cabinets } from '../../db/schema.ts';
import * as access from '../../auth/access.ts';
// Who may read or manage a cabinet (and who reads what, and why), filing by condition, backfills: the area's
// rules read every statement here, so a rule test's repository answers them too.
export { canManageCabinet, canReadCabinet } from '../../auth/access.ts';
export * from './cabinet-documents.repository.ts';
export * from './backfill.repository.ts';
export * from './access.repository.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';
import { EntityType } from '@cloudsign/contract';

export type CabinetRow = typeof cabinets.$inferSelect;
export type Viewer = { companyId: string; userId: string; isCompanyAdmin: boolean };

const uuids = (ids: readonly string[]) => sql`${sql.param(ids)}::uuid[]`;

const groupsJson = (table: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', g.id, 'name', g.name, 'type', g.type) order by g.type desc, g.name, g.id)
  from ${table} x join member_groups g on g.id = x.group_id where x.cabinet_id = c.id), '[]'::json)`;

/**
 * Cabinets with everything the list shows, in one statement: 「すべての書類」 first, then by name (CS).
 * Counts come from document_list_stats and cabinet_document_stats, kept exact by statement triggers, so a
 * cabinet of a million documents is not counted per request.
 */
export async function selectCabinets(
  db: DbOrTx,
  viewer: Viewer,
  only?: { id: string },
): Promise<TCabinet[]> {
  const visible = viewer.isCompanyAdmin
    ? sql`true`
    : sql`c.id in (${access.readableCabinetIdsSql(viewer.companyId, viewer.userId)})`;
  const isAdmin = viewer.isCompanyAdmin
    ? sql`true`
    : sql`exists (select 1 from cabinet_admins a where a.cabinet_id = c.id and a.user_id = ${viewer.userId})`;
  return queryRows<TCabinet>(
    db,
    sql`
    select c.id, c.name, c.note, c.type::int as "type", ${isAdmin} as "isAdmin",
      coalesce((
        -- The member list's 氏名 order (フリガナ, then name), never code points (members/member-list.sql.ts).
        select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email)
          order by coalesce(u.furigana, u.name), u.name, u.id)
        from cabinet_admins a join users u on u.id = a.user_id where a.cabinet_id = c.id), '[]'::json) as "admins",
      ${groupsJson(sql`cabinet_member_groups`)} as "memberGroups",
      ${groupsJson(sql`cabinet_classification_rules`)} as "classificationRules",
      (case when c.type = ${sqlEntityType.System}
            then coalesce((select s.document_count from document_list_stats s where s.company_id = c.company_id), 0)
            else greatest(coalesce((select s.document_count from cabinet_document_stats s where s.cabinet_id = c.id), 0), 0) end)::int as "documentCount",
      to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
    from cabinets c
    where c.company_id = ${viewer.companyId} and ${visible} ${only ? sql`and c.id = ${only.id}` : sql``}
    order by c.type desc, c.name, c.id`,
  );
}

export async function findCabinet(
  db: DbOrTx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CabinetRow | null> {
  const q = db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function isNameTaken(
  db: DbOrTx,
  companyId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from cabinets where company_id = ${companyId} and name = ${name}
        ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertCabinet(
  db: DbOrTx,
  companyId: string,
  values: { name: string; note: string },
): Promise<string> {
  const [row] = await db
    .insert(cabinets)
    .values({ companyId, ...values, type: EntityType.User })
    .returning({ id: cabinets.id });
  return row!.id;
}

export async function updateCabinet(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: { name: string; note: string; updatedAt: Date },
) {
  await db
    .update(cabinets)
    .set(values)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, id)));
}

/** Deletes a user cabinet; its links go with it (cascade), the documents stay in 「すべての書類」. */
export async function deleteCabinet(db: DbOrTx, companyId: string, id: string): Promise<number> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from document_cabinets where cabinet_id = ${id}`,
  );
  await db
    .delete(cabinets)
    .where(
      and(
        eq(cabinets.companyId, companyId),
        eq(cabinets.id, id),
        eq(cabinets.type, EntityType.User),
      ),
    );
  // The cascade's trigger left the counter at 0; it has no foreign key, so it goes explicitly.
  await db.execute(sql`delete from cabinet_document_stats where cabinet_id = ${id}`);
  return count?.n ?? 0;
}

/** How many of `ids` are member groups or members of the company (validation is all-or-nothing). */
/** The rows of `ids` that belong to the company, by the name people know them by (a member's email until named). */
export async function companyRowNames(
  db: DbOrTx,
  table: 'member_groups' | 'users',
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const name = table === 'users' ? sql`coalesce(nullif(name, ''), email)` : sql`name`;
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select id::text, ${name} as name from ${sql.identifier(table)}
         where company_id = ${companyId} and id = any(${uuids(ids)}) order by 2, 1`,
  );
}

/**
 * How many of `ids` are company documents `who` may read, or (`edit`) edit (auth/access.ts).
 * One primary-key probe per id, as a correlated subquery the planner cannot turn into a join: as a plain
 * `id = any(…)` filter it chose to walk an index of every company document (a million) for 10,000 ids.
 */
export async function countDocuments(
  db: DbOrTx,
  who: access.Who,
  ids: readonly string[],
  may: 'read' | 'edit',
): Promise<number> {
  const allowed =
    may === 'edit'
      ? access.documentEditableSql(who)
      : access.readableDocumentSql(await access.readableCabinets(db, who));
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from unnest(${uuids(ids)}) as i(id)
        where (select true from documents where documents.id = i.id and documents.company_id = ${who.user.companyId} and ${allowed})`,
  );
  return row?.n ?? 0;
}

type LinkTable = 'cabinet_member_groups' | 'cabinet_classification_rules';

/** The cabinet's link tables and the column each links to. */
const LINKED_COLUMN = {
  cabinet_member_groups: 'group_id',
  cabinet_classification_rules: 'group_id',
  cabinet_admins: 'user_id',
  document_cabinets: 'document_id',
} as const;
type Links = keyof typeof LINKED_COLUMN;

/** The ids a link statement changed: what was added (not there before) or removed (there before). */
type Changed = { id: string };
const changedIds = async (db: DbOrTx, query: SQL) =>
  (await queryRows<Changed>(db, query)).map((r) => r.id);

/**
 * Links `ids` to the cabinet, set-based whatever the count (10,000 ids are one parameter, not 10,000). Returns
 * the ids newly linked: one linked already is left alone and not returned.
 */
async function insertLinks(db: DbOrTx, table: Links, cabinetId: string, ids: readonly string[]) {
  const column = sql.identifier(LINKED_COLUMN[table]);
  return changedIds(
    db,
    sql`insert into ${sql.identifier(table)} (cabinet_id, ${column})
      select ${cabinetId}, x from unnest(${uuids(ids)}) x on conflict do nothing returning ${column} as id`,
  );
}

/** Unlinks `ids` from the cabinet. Returns the ids unlinked: one that was not linked is not returned. */
async function deleteLinks(db: DbOrTx, table: Links, cabinetId: string, ids: readonly string[]) {
  const column = sql.identifier(LINKED_COLUMN[table]);
  return changedIds(
    db,
    sql`delete from ${sql.identifier(table)} where cabinet_id = ${cabinetId} and ${column} = any(${uuids(ids)}) returning ${column} as id`,
  );
}

/** Readers' groups or rule groups newly linked / unlinked. */
export const linkGroups = (
  db: DbOrTx,
  table: LinkTable,
  cabinetId: string,
  ids: readonly string[],
) => insertLinks(db, table, cabinetId, ids);
export const unlinkGroups = (
  db: DbOrTx,
  table: LinkTable,
  cabinetId: string,
  ids: readonly string[],
) => deleteLinks(db, table, cabinetId, ids);
/** The members who became admins / who were admins and no longer are. */
export const addAdmins = (db: DbOrTx, cabinetId: string, userIds: readonly string[]) =>
  insertLinks(db, 'cabinet_admins', cabinetId, userIds);
export const removeAdmins = (db: DbOrTx, cabinetId: string, userIds: readonly string[]) =>
  deleteLinks(db, 'cabinet_admins', cabinetId, userIds);
/** The documents linked / unlinked. */
export const linkDocuments = (db: DbOrTx, cabinetId: string, documentIds: readonly string[]) =>
  insertLinks(db, 'document_cabinets', cabinetId, documentIds);
export const unlinkDocuments = (db: DbOrTx, cabinetId: string, documentIds: readonly string[]) =>
  deleteLinks(db, 'document_cabinets', cabinetId, documentIds);

/**
 * Locks the document counters of several cabinets in one fixed order (by id), creating missing rows, so
 * concurrent writers touching the same cabinets queue instead of deadlocking in the counter triggers.
 */
export async function lockCabinetCounters(
  db: DbOrTx,
  cabinetIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(cabinetIds)].sort();
  await queryRows(
    db,
    sql`insert into cabinet_document_stats (cabinet_id, document_count) select c, 0 from unnest(${uuids(ids)}) c
      order by c on conflict (cabinet_id) do nothing`,
  );
  await queryRows(
    db,
    sql`select cabinet_id from cabinet_document_stats where cabinet_id = any(${uuids(ids)}) order by cabinet_id for update`,
  );
}

/**
 * Moves links from one user cabinet to another (the caller holds both counters: lockCabinetCounters).
 * Links the target lacks are re-pointed by one UPDATE that keeps each document's key, so no foreign-key
 * check per document runs (an INSERT checks and key-share-locks each of 10,000 documents); the source's
 * links the target already had are deleted; documents in neither are linked. Returns links created in the
 * target and removed from the source.
 */
export async function moveDocuments(
  tx: DbOrTx,
  fromId: string,
  toId: string,
  documentIds: readonly string[],
) {
  // Every other writer of the target's links takes its counter, which we hold: none commits a link between
  // the NOT EXISTS and the UPDATE (one that wrote a link before reaching the counter is a deadlock that
  // PostgreSQL breaks, as it did for the INSERT this replaces).
  const movedIds = await changedIds(
    tx,
    sql`update document_cabinets dc set cabinet_id = ${toId}, created_at = now()
        where dc.cabinet_id = ${fromId} and dc.document_id = any(${uuids(documentIds)})
          and not exists (select 1 from document_cabinets t where t.cabinet_id = ${toId} and t.document_id = dc.document_id)
        returning dc.document_id as id`,
  );
  const moved = movedIds.length;
  // The counter triggers fire on INSERT and DELETE only: the re-pointed links are counted here, once.
  if (moved > 0)
    await addToCabinetCounts(tx, [
      { cabinetId: fromId, delta: -moved },
      { cabinetId: toId, delta: moved },
    ]);
  // Every document was in the source and not yet in the target (the usual move): nothing is left to
  // delete or to link, and each of those statements would probe every id again.
  if (moved === documentIds.length) return { linked: moved, unlinked: moved, changed: movedIds };
  const dropped = await unlinkDocuments(tx, fromId, documentIds);
  const added = await linkDocuments(tx, toId, documentIds);
  // The documents whose links changed at all: moved, taken out of the source, or newly in the target.
  const changed = [...new Set([...movedIds, ...dropped, ...added])];
  return { linked: moved + added.length, unlinked: moved + dropped.length, changed };
}

/** The counter triggers' arithmetic (migration 0013), for the writes they do not see. */
async function addToCabinetCounts(tx: DbOrTx, deltas: { cabinetId: string; delta: number }[]) {
  await tx.execute(sql`insert into cabinet_document_stats as s (cabinet_id, document_count)
    select x.c, x.d from unnest(${uuids(deltas.map((d) => d.cabinetId))}, ${sql.param(deltas.map((d) => d.delta))}::bigint[]) as x(c, d)
    on conflict (cabinet_id) do update set document_count = greatest(s.document_count + excluded.document_count, 0)`);
}
