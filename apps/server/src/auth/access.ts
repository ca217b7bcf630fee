/**
 * Who may read or manage which cabinet, and so which documents (docs/design.md §1 "Tenancy and permissions").
 * One place for the rule, used by cabinets, documents, members (readable cabinets) and bulk edits.
 *
 * - CompanyAdmin: every cabinet and document of the company.
 * - A cabinet's admins: manage that cabinet (and read it).
 * - Other members: read cabinets linked to a member group they belong to; the system group
 *   「すべてのメンバー」 (type 1) includes everyone implicitly.
 * - The system cabinet 「すべての書類」 holds every document implicitly: reading it means reading them all.
 *
 * What a member may edit (a document's attributes) is what he manages: a company admin every document, a
 * cabinet's admin the documents filed in that cabinet. Because filing into a cabinet gives its admins edit
 * rights and its readers read rights, only documents the caller may already edit can be filed
 * (documentEditableSql, cabinet-documents.service.ts), and only a company admin sets classification rules,
 * which pull other members' documents into a cabinet. So nothing a member does raises what he may read or
 * edit: only a company admin grants (docs/decisions.md "Who may file documents").
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { preparedPerHandle } from '../db/prepared.ts';
import { cabinets } from '../db/schema.ts';
import type { AuthContext } from './current-user.ts';
import { sqlEntityType } from '../db/entity-type-sql.ts';
import { EntityType } from '@cloudsign/contract';

export type Who = Pick<AuthContext, 'isCompanyAdmin'> & { user: { id: string; companyId: string } };

/** SQL subquery: ids of the cabinets `userId` of `companyId` may read (not counting the admin role). */
export const readableCabinetIdsSql = (
  companyId: string | Placeholder,
  userId: string | Placeholder,
): SQL => sql`
  select c.id from cabinets c
  where c.company_id = ${companyId} and (
    exists (select 1 from cabinet_admins ca where ca.cabinet_id = c.id and ca.user_id = ${userId})
    or exists (
      select 1 from cabinet_member_groups cmg
      join member_groups g on g.id = cmg.group_id
      where cmg.cabinet_id = c.id and (
        g.type = ${sqlEntityType.System}
        or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = ${userId})
      )
    )
  )`;

/** SQL subquery: ids of the cabinets `userId` administers. */
export const managedCabinetIdsSql = (companyId: string, userId: string): SQL => sql`
  select ca.cabinet_id from cabinet_admins ca join cabinets c on c.id = ca.cabinet_id
  where c.company_id = ${companyId} and ca.user_id = ${userId}`;

/**
 * What a caller reads, resolved once per request: company admins every document (no query); others the
 * cabinets `readableCabinetIdsSql` gives them, with `readsAll` when one of them is the system cabinet.
 * Documents searches then name those cabinets as constants (documentInCabinetsSql): the planner sees which
 * cabinets and how many links they hold, and walks or joins the links instead of re-deriving access per row.
 */
export type Readable = {
  companyId: string;
  isCompanyAdmin: boolean;
  readsAll: boolean;
  cabinetIds: string[];
  systemCabinetId: string | null;
};

function readableCabinetsQuery(db: DbOrTx) {
  return db
    .select({ id: cabinets.id, type: cabinets.type })
    .from(cabinets)
    .where(
      sql`${cabinets.id} in (${readableCabinetIdsSql(sql.placeholder('companyId'), sql.placeholder('userId'))})`,
    )
    .prepare('readable_cabinets');
}

/** Every member's document call runs it. */
const readableCabinetsOf = preparedPerHandle(readableCabinetsQuery);

export async function readableCabinets(db: DbOrTx, who: Who): Promise<Readable> {
  const base = { companyId: who.user.companyId, isCompanyAdmin: who.isCompanyAdmin };
  if (who.isCompanyAdmin) return { ...base, readsAll: true, cabinetIds: [], systemCabinetId: null };
  const rows = await readableCabinetsOf(db).execute({
    companyId: who.user.companyId,
    userId: who.user.id,
  });
  const system = rows.find((r) => r.type === EntityType.System);
  return {
    ...base,
    readsAll: Boolean(system),
    cabinetIds: rows.map((r) => r.id).sort(),
    systemCabinetId: system?.id ?? null,
  };
}

/**
 * Condition on `documents`: linked to one of `cabinetIds` (constants from readableCabinets). One cabinet is a
 * primary-key probe of document_cabinets per row; none is false.
 */
export function documentInCabinetsSql(cabinetIds: string[]): SQL {
  if (cabinetIds.length === 0) return sql`false`;
  if (cabinetIds.length === 1) {
    return sql`exists (select 1 from document_cabinets dca where dca.cabinet_id = ${cabinetIds[0]} and dca.document_id = documents.id)`;
  }
  return sql`exists (select 1 from document_cabinets dca where dca.cabinet_id = any(${sql.param(cabinetIds)}::uuid[]) and dca.document_id = documents.id)`;
}

/**
 * The one condition on `documents`: the reader may read this document (always combine with the company
 * condition). Company admins and readers of the system cabinet read all; others read documents linked to one
 * of their readable cabinets, named as constants (resolved once by readableCabinets).
 */
export function readableDocumentSql(readable: Readable): SQL {
  return readable.isCompanyAdmin || readable.readsAll
    ? sql`true`
    : documentInCabinetsSql(readable.cabinetIds);
}

/**
 * `readableDocumentSql` for a document already read with the cabinets it is filed in (`cabinetIds`): the same
 * answer without a query, for a job that hands one read to many readers (the alert digest).
 */
export function readsDocumentIn(readable: Readable, cabinetIds: readonly string[]): boolean {
  if (readable.isCompanyAdmin || readable.readsAll) return true;
  return cabinetIds.some((id) => readable.cabinetIds.includes(id));
}

/** Whether the cabinet is among the ids `idsSql` selects. */
async function cabinetAmong(db: DbOrTx, cabinetId: string, idsSql: SQL): Promise<boolean> {
  const rows = await db
    .select({ id: cabinets.id })
    .from(cabinets)
    .where(and(eq(cabinets.id, cabinetId), sql`${cabinets.id} in (${idsSql})`))
    .limit(1);
  return rows.length > 0;
}

export async function canReadCabinet(db: DbOrTx, who: Who, cabinetId: string): Promise<boolean> {
  if (who.isCompanyAdmin) return true;
  return cabinetAmong(db, cabinetId, readableCabinetIdsSql(who.user.companyId, who.user.id));
}

export async function canManageCabinet(db: DbOrTx, who: Who, cabinetId: string): Promise<boolean> {
  if (who.isCompanyAdmin) return true;
  return cabinetAmong(db, cabinetId, managedCabinetIdsSql(who.user.companyId, who.user.id));
}

/**
 * Condition on a document id (`documentId`, SQL of the enclosing query; `documents.id` by default): the caller may edit it — he
 * administers a cabinet holding it, or the system cabinet (which holds every document). Company admins edit
 * every document: callers short-cut them without a query.
 */
export function documentEditableSql(who: Who, documentId: SQL = sql`documents.id`): SQL<boolean> {
  if (who.isCompanyAdmin) return sql<boolean>`true`;
  return sql<boolean>`exists (
    select 1 from cabinet_admins ca join cabinets c on c.id = ca.cabinet_id
    where ca.user_id = ${who.user.id} and c.company_id = ${who.user.companyId} and (
      c.type = ${sqlEntityType.System} or exists (select 1 from document_cabinets dc where dc.cabinet_id = c.id and dc.document_id = ${documentId})
    ))`;
}

/** No condition: every document the other conditions let through (e.g. unfiling, which needs read only). */
export const everyDocumentSql = sql`true`;
