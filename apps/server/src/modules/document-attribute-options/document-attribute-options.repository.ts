/** SQL of the user-defined document attribute items (only repositories issue SQL). Scoped by company. */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TDocumentAttributeOption } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { documentAttributeOptions } from '../../db/schema.ts';

const columns = {
  id: documentAttributeOptions.id,
  name: documentAttributeOptions.name,
  isEnabled: documentAttributeOptions.isEnabled,
  isRequired: documentAttributeOptions.isRequired,
  position: documentAttributeOptions.position,
};

export async function selectOptions(
  db: DbOrTx,
  companyId: string,
): Promise<TDocumentAttributeOption[]> {
  return db
    .select(columns)
    .from(documentAttributeOptions)
    .where(eq(documentAttributeOptions.companyId, companyId))
    .orderBy(asc(documentAttributeOptions.position), asc(documentAttributeOptions.id));
}

/** Which of `ids` are items of this company (a search filter may name only those). */
export async function findOptionIdsIn(
  db: DbOrTx,
  companyId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: documentAttributeOptions.id })
    .from(documentAttributeOptions)
    .where(
      and(
        eq(documentAttributeOptions.companyId, companyId),
        inArray(documentAttributeOptions.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Serialises concurrent replacements of one company's list (the unique-name renames below need it). */
export async function lockCompanyOptions(db: DbOrTx, companyId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`document_attribute_options:${companyId}`}))`,
  );
}

export async function deleteOptionsExcept(db: DbOrTx, companyId: string, keepIds: string[]) {
  await db
    .delete(documentAttributeOptions)
    .where(
      and(
        eq(documentAttributeOptions.companyId, companyId),
        keepIds.length > 0 ? notInArray(documentAttributeOptions.id, keepIds) : sql`true`,
      ),
    );
}

/** Frees the kept items' names first, so a swap of two names does not trip the unique index midway. */
export async function renameKeptOptionsToTemporary(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(documentAttributeOptions)
    .set({ name: sql`'#' || ${documentAttributeOptions.id}::text` })
    .where(
      and(
        eq(documentAttributeOptions.companyId, companyId),
        inArray(documentAttributeOptions.id, ids),
      ),
    );
}

export async function updateOption(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: { name: string; isEnabled: boolean; isRequired: boolean; position: number },
) {
  await db
    .update(documentAttributeOptions)
    .set(values)
    .where(
      and(eq(documentAttributeOptions.companyId, companyId), eq(documentAttributeOptions.id, id)),
    );
}

export async function insertOption(
  db: DbOrTx,
  companyId: string,
  values: { name: string; isEnabled: boolean; isRequired: boolean; position: number },
) {
  await db.insert(documentAttributeOptions).values({ companyId, ...values });
}
