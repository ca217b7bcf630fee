/** 利用状態 in member bulk files: the company flag that shapes the columns, and the set-based status writes. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { passwordSignInAllowedOf } from '../../auth/sign-in-policy.sql.ts';

/** The company's documentApproval flag (0 = off): 承認権限 is a column of its member CSVs only while on. */
export async function findDocumentApproval(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await queryRows<{ v: number }>(
    db,
    sql`select document_approval as v from companies where id = ${companyId}::uuid`,
  );
  return Number(row?.v ?? 0);
}

/**
 * 利用停止 (status 3) or 利用再開: back to 有効 with a password or when the company lets them sign in only by
 * SSO, else 招待中, as the single-member action does (members/member-status.service.ts). The caller ends the
 * deactivated members' sessions in the same transaction.
 */
export async function setUseStates(
  tx: DbOrTx,
  companyId: string,
  rows: { id: string; deactivate: boolean }[],
) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update users u set status = case when x.deactivate then 3
        when u.password_hash is null and ${passwordSignInAllowedOf('u')} then 0 else 1 end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, deactivate boolean)
    where u.id = x.id and u.company_id = ${companyId}::uuid`);
}
