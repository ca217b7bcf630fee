/** The SQL of recordDocumentEvents (audit-log.record.ts): one event per document, its title copied as it is now. */
import { sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type TAuditAction } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';

export async function insertDocumentEvents(
  tx: DbOrTx,
  base: {
    companyId: string;
    actor: { id: string; name: string; email: string } | null;
    origin?: RequestOrigin;
  },
  action: TAuditAction,
  documentIds: readonly string[],
  details: Record<string, unknown>,
): Promise<void> {
  const o = base.origin;
  await tx.execute(sql`
    insert into audit_events (company_id, occurred_at, actor_id, actor_name, actor_email, ip, user_agent,
      request_id, action, category, target_type, target_id, target_name, details)
    select ${base.companyId}, now(), ${base.actor?.id ?? null}, ${base.actor?.name ?? ''},
      ${base.actor?.email ?? ''}, ${o?.ip ?? ''}, ${(o?.userAgent ?? '').slice(0, 500)},
      ${o?.requestId ?? ''}, ${action}, ${AUDIT_ACTIONS[action].category}, 'document', d.id::text,
      d.title, ${JSON.stringify(details)}::jsonb
    from documents d
    where d.company_id = ${base.companyId}
      and d.id = any(${`{${documentIds.join(',')}}`}::uuid[])
    order by d.id`);
}
