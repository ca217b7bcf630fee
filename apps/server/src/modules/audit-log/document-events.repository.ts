/**
 * One event per document touched (so a document's history finds it), written in one INSERT … SELECT that
 * copies each title at that moment. Above PER_DOCUMENT_MAX documents the call is one event naming the
 * cabinet with the count and the ids: the chain is extended row by row under the company's lock, and
 * 10,000 links would hold every other writer of the company for seconds.
 */
export const PER_DOCUMENT_MAX = 100;
import { sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type TAuditAction } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { recordAuditEvent, type AuditActor } from './audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';

export async function recordDocumentEvents(
  tx: DbOrTx,
  base: { companyId: string; actor: AuditActor; origin?: RequestOrigin },
  action: TAuditAction,
  documentIds: readonly string[],
  details: { cabinet: { id: string; name: string } } & Record<string, unknown>,
): Promise<void> {
  if (documentIds.length === 0) return;
  if (documentIds.length > PER_DOCUMENT_MAX) {
    const cabinet = details.cabinet;
    await recordAuditEvent(tx, {
      ...base,
      action,
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
      details: { ...details, count: documentIds.length, documentIds },
    });
    return;
  }
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
