/** Document SQL (STYLE.md: only repositories issue SQL). Every statement is scoped by the caller's company. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  cabinets,
  documentCabinets,
  documentFiles,
  documentListStats,
  documentParticipants,
  documents,
} from '../../db/schema.ts';
import type { StoredScriptCheck } from '../../db/schema.ts';
import {
  documentEditableSql,
  readableCabinets,
  readableDocumentSql,
  type Readable,
} from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { visibleCabinetsJson } from './documents-search.sql.ts';
// Which cabinets a member reads and whether he manages one, and the classification an import applies: the area's
// rules ask every question here, so a rule test's repository answers them too.
export { canManageCabinet, readableCabinets } from '../../auth/access.ts';
export { applyClassificationRules } from './classification.repository.ts';

export type Who = Pick<AuthContext, 'isCompanyAdmin' | 'user'>;
export type DocumentRow = typeof documents.$inferSelect;

export async function findCabinetInCompany(db: DbOrTx, companyId: string, cabinetId: string) {
  const [row] = await db
    .select({ id: cabinets.id, type: cabinets.type, name: cabinets.name })
    .from(cabinets)
    .where(and(eq(cabinets.companyId, companyId), eq(cabinets.id, cabinetId)))
    .limit(1);
  return row ?? null;
}

export const listColumns = {
  id: documents.id,
  status: documents.status,
  title: documents.title,
  counterparty: documents.counterparty,
  contractAt: documents.contractAt,
  validityEndAt: documents.validityEndAt,
  amount: documents.amount,
  senderName: documents.senderName,
  sentAt: documents.sentAt,
  updatedAt: documents.updatedAt,
};

/**
 * The list rows of `ids` (a remembered page), read now with the cabinets the caller may see, in the order of
 * `ids`; a document deleted since is left out.
 */
export async function selectListRowsByIds(db: DbOrTx, readable: Readable, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...listColumns, cabinets: visibleCabinetsJson(readable) })
    .from(documents)
    .where(
      and(
        eq(documents.companyId, readable.companyId),
        sql`${documents.id} = any(${sql.param(ids)}::uuid[])`,
        readableDocumentSql(readable),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The company's exact document count, kept by triggers (migration 0008). */
export async function companyDocumentCount(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: documentListStats.documentCount })
    .from(documentListStats)
    .where(eq(documentListStats.companyId, companyId));
  return row?.n ?? 0;
}

/** The company's and a cabinet's exact document counts in one round trip, kept by triggers (migrations 0008, 0013). */
export async function companyAndCabinetCounts(
  db: DbOrTx,
  companyId: string,
  cabinetId: string | null,
): Promise<{ company: number; cabinet: number }> {
  const [row] = await db
    .select({
      company:
        sql<number>`coalesce((select s.document_count from document_list_stats s where s.company_id = ${companyId}), 0)`.mapWith(
          Number,
        ),
      cabinet:
        sql<number>`greatest(coalesce((select s.document_count from cabinet_document_stats s where s.cabinet_id = ${cabinetId}), 0), 0)`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return { company: row?.company ?? 0, cabinet: row?.cabinet ?? 0 };
}

/**
 * A readable document of the caller's company with its participants, files, visible cabinets, the company's
 * attribute item ids and whether the caller may edit its attributes, in one statement; null when missing, another company's or unreadable (all 404).
 */
export async function selectDocumentDetail(db: DbOrTx, who: Who, readable: Readable, id: string) {
  const [row] = await db
    .select({
      document: documents,
      participants: sql<
        TParticipantRow[]
      >`(select coalesce(json_agg(json_build_object('id', p.id, 'position', p.position, 'name', p.name,
          'email', p.email, 'organization', p.organization) order by p.position, p.id), '[]'::json)
        from document_participants p where p.document_id = documents.id)`,
      files: sql<
        { id: string; name: string; size: number }[]
      >`(select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size)
          order by f.created_at, f.id), '[]'::json) from document_files f where f.document_id = documents.id)`,
      cabinets: visibleCabinetsJson(readable),
      // The company's attribute items in their order (document_attribute_options, as selectOptions orders them):
      // stored values of removed items are not shown.
      optionIds: sql<
        string[]
      >`(select coalesce(json_agg(o.id order by o.position, o.id), '[]'::json)
        from document_attribute_options o where o.company_id = documents.company_id)`,
      canEditAttribute: documentEditableSql(who).mapWith(Boolean),
    })
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.companyId, readable.companyId),
        readableDocumentSql(readable),
      ),
    )
    .limit(1);
  return row ?? null;
}
type TParticipantRow = {
  id: string;
  position: number;
  name: string;
  email: string;
  organization: string;
};

/** A readable document of the caller's company, or null (missing, another company's, or unreadable: all 404). */
export async function findReadableDocument(
  db: DbOrTx,
  who: Who,
  id: string,
  opts: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.companyId, who.user.companyId),
        readableDocumentSql(await readableCabinets(db, who)),
      ),
    )
    .limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function selectParticipants(db: DbOrTx, documentId: string) {
  return db
    .select({
      id: documentParticipants.id,
      position: documentParticipants.position,
      name: documentParticipants.name,
      email: documentParticipants.email,
      organization: documentParticipants.organization,
    })
    .from(documentParticipants)
    .where(eq(documentParticipants.documentId, documentId))
    .orderBy(asc(documentParticipants.position), asc(documentParticipants.id));
}

/** A stored file's script check verdict (column `document_files.script_check`). */
export type { StoredScriptCheck };

/**
 * Remembers a file's script check. Only an unknown verdict is filled: the bytes never change, so the first
 * answer stands and concurrent first opens write the same value. The caller has already found the document
 * in its company.
 */
export async function setFileScriptCheck(
  db: DbOrTx,
  documentId: string,
  fileId: string,
  verdict: StoredScriptCheck,
) {
  await db
    .update(documentFiles)
    .set({ scriptCheck: verdict })
    .where(
      and(
        eq(documentFiles.id, fileId),
        eq(documentFiles.documentId, documentId),
        isNull(documentFiles.scriptCheck),
      ),
    );
}

export async function selectFiles(db: DbOrTx, documentId: string) {
  return db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.createdAt), asc(documentFiles.id));
}

/** Who may edit the attributes (contract file): see documentEditableSql. */
export async function canEditAttribute(db: DbOrTx, who: Who, documentId: string): Promise<boolean> {
  if (who.isCompanyAdmin) return true;
  const [row] = await db
    .select({ ok: documentEditableSql(who, sql`${documentId}::uuid`) })
    .from(sql`(select 1) as one`);
  return row?.ok === true;
}

export async function updateDocument(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<typeof documents.$inferInsert>,
) {
  await db
    .update(documents)
    .set(values)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)));
}

export async function insertImportedDocuments(
  db: DbOrTx,
  rows: (typeof documents.$inferInsert)[],
  files: (typeof documentFiles.$inferInsert)[],
  cabinetId: string | null,
) {
  if (rows.length === 0) return;
  await db.insert(documents).values(rows);
  await db.insert(documentFiles).values(files);
  if (cabinetId)
    await db.insert(documentCabinets).values(rows.map((r) => ({ cabinetId, documentId: r.id! })));
}
