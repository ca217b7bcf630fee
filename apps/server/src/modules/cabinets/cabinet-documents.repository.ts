/**
 * Filing by search condition (「この条件の N 件すべてを選択」): the documents are named by a WHERE over
 * `documents`, never fetched; each write is one INSERT … SELECT or DELETE … IN (SELECT). Unaliased
 * `documents`, because the access conditions of auth/access.ts refer to `documents.id`.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TDocumentSearchConditions } from '@cloudsign/contract';
import { documentEditableSql, everyDocumentSql, type Who } from '../../auth/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { searchConditions } from '../documents/documents-search.sql.ts';
import { queryRows } from '../../db/query-rows.ts';

/**
 * The company's documents in `scope` (the system cabinet: all of them) matching `conditions`. No access
 * condition: whoever may read a cabinet reads every document in it (the caller checks the cabinet).
 */
export function conditionWhere(
  companyId: string,
  conditions: TDocumentSearchConditions,
  scope: { id: string; isSystem: boolean },
): SQL {
  const parts: SQL[] = [eq(documents.companyId, companyId)];
  if (!scope.isSystem)
    parts.push(
      sql`exists (select 1 from document_cabinets dcs where dcs.cabinet_id = ${scope.id} and dcs.document_id = ${documents.id})`,
    );
  parts.push(...searchConditions(conditions));
  return and(...parts)!;
}

/**
 * How many documents `where` matches, counted up to `cap + 1` only (enough to refuse too many without
 * counting a million), and how many of those `editor` may edit (null: all of them).
 */
export async function countConditionDocuments(
  db: DbOrTx,
  where: SQL,
  editor: Who | null,
  cap: number,
): Promise<{ matching: number; editable: number }> {
  const editable = editor ? documentEditableSql(editor) : everyDocumentSql;
  const [row] = await queryRows<{ matching: number; editable: number }>(
    db,
    sql`select count(*)::int as matching, count(*) filter (where x.e)::int as editable
      from (select ${editable} as e from documents where ${where} limit ${cap + 1}) x`,
  );
  return { matching: row?.matching ?? 0, editable: row?.editable ?? 0 };
}

/** Links every matching document to `cabinetId`; returns links created (the others were there already). */
export async function linkMatching(db: DbOrTx, cabinetId: string, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with x as (insert into document_cabinets (cabinet_id, document_id)
        select ${cabinetId}, documents.id from documents where ${where}
        on conflict do nothing returning 1)
      select count(*)::int as n from x`,
  );
  return row?.n ?? 0;
}

/** Unlinks every matching document from `cabinetId`; returns links removed. */
export async function unlinkMatching(db: DbOrTx, cabinetId: string, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with x as (delete from document_cabinets where cabinet_id = ${cabinetId}
        and document_id in (select documents.id from documents where ${where}) returning 1)
      select count(*)::int as n from x`,
  );
  return row?.n ?? 0;
}
