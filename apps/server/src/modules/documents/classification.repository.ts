/**
 * Classification rules (docs/design.md §2): when a document is concluded or imported, it is linked to
 * every user cabinet whose rule lists a member group its sender belongs to — once, however many rules match.
 * The documents area applies them inside its own transaction (the rules themselves are the cabinets area's);
 * one set-based statement whatever the batch size.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';

/** Links `documentIds` (of `companyId`) to the cabinets their senders' groups classify into; returns links created. */
export async function applyClassificationRules(
  tx: DbOrTx,
  companyId: string,
  documentIds: string[],
): Promise<number> {
  if (documentIds.length === 0) return 0;
  const result = await tx.execute(sql`
    insert into document_cabinets (cabinet_id, document_id)
    select distinct r.cabinet_id, d.id
    from documents d
    join cabinet_classification_rules r on true
    join cabinets c on c.id = r.cabinet_id and c.company_id = ${companyId} and c.type = ${sqlEntityType.User}
    join member_groups g on g.id = r.group_id and g.company_id = ${companyId}
    where d.company_id = ${companyId}
      and d.id = any(${sql.param(documentIds)}::uuid[])
      and d.sender_id is not null
      -- 「すべてのメンバー」 (type 1) has no membership rows: every member of the company is in it.
      and (g.type = ${sqlEntityType.System} or exists (
        select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = d.sender_id
      ))
    on conflict do nothing
    returning cabinet_id`);
  // Both drivers (pg, PGlite) answer `{ rows }`; the union Db type leaves it unknown.
  return (result as { rows: unknown[] }).rows.length;
}
