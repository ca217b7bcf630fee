/**
 * The audit chain's tests share these: a company's events, values that are awkward for both hash formulas and
 * for COPY's text format, and the owner's way round the chain's triggers (what a tamperer with the owner's
 * rights does behind the product's back).
 */
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../src/deps.ts';
import {
  recordAuditEvents,
  type AuditEventInput,
} from '../../src/modules/audit-log/audit-log.record.ts';
import { makeCompany } from './fixtures.ts';

/** An ordinary event, numbered `n` in its names. */
export const chainEvent = (companyId: string, n: number, occurredAt?: Date): AuditEventInput => ({
  companyId,
  actor: { id: crypto.randomUUID(), name: `操作者${n}`, email: `actor${n}@example.com` },
  action: 'cabinet.updated',
  target: { type: 'cabinet', id: crypto.randomUUID(), name: `キャビネット${n}` },
  details: { name: { before: `旧${n}`, after: `新${n}` }, z: 1, a: [n] },
  occurredAt,
});

/** A new company with `n` ordinary events; its id. */
export async function companyWithEvents(deps: AppDeps, n: number): Promise<string> {
  const company = await makeCompany(deps);
  await recordAuditEvents(
    deps.database.db,
    Array.from({ length: n }, (_, i) => chainEvent(company.id, i + 1)),
  );
  return company.id;
}

/** Text COPY escapes (backslash, b f n r t v), quotes, other controls, U+001F, surrogate pairs, U+2028. */
export const AWKWARD = '引用"符\\と\n改行\tタブ\r\b\f\v\u0001制御\u001f区切り 🙂 髙 \u2028';
/** Awkward too, with nothing COPY escapes: its line is hashed from the copied bytes (audit-copy-line.ts). */
export const AWKWARD_UNESCAPED = '区切り\u001f記号 🙂 髙 \u2028\u0001制御';

/**
 * Three events of awkward values: a system event with awkward details, a member's with awkward text in every
 * free-text column and a time before 2000 (negative in timestamptz's binary form), and one that COPY writes
 * with no escape at all.
 */
export async function recordAwkwardEvents(deps: AppDeps, companyId: string) {
  await recordAuditEvents(deps.database.db, [
    {
      companyId,
      actor: null,
      action: 'auditLog.pruned',
      details: { before: 1.5, after: null, nested: { bb: [AWKWARD, 0.1, -2e-7], a: true } },
    },
    {
      companyId,
      actor: { id: crypto.randomUUID(), name: AWKWARD, email: 'a@example.com' },
      origin: { ip: '::1', userAgent: AWKWARD, requestId: 'req-1' },
      action: 'member.updated',
      target: { type: 'member', id: crypto.randomUUID(), name: AWKWARD },
      occurredAt: new Date('1999-12-31T23:59:59.999Z'),
    },
    {
      companyId,
      actor: { id: crypto.randomUUID(), name: AWKWARD_UNESCAPED, email: 'b@example.com' },
      origin: { ip: '192.0.2.1', userAgent: AWKWARD_UNESCAPED, requestId: 'req-2' },
      action: 'member.updated',
      target: { type: 'member', id: crypto.randomUUID(), name: AWKWARD_UNESCAPED },
      details: { name: { before: '髙🙂', after: '区切り' } },
    },
  ]);
}

/** The rows of a statement in plain SQL. */
export async function sqlRows<T>(deps: AppDeps, text: string): Promise<T[]> {
  const result: unknown = await deps.database.db.execute(sql.raw(text));
  return (result as { rows: T[] }).rows;
}

/** The owner of the tables, behind the product's back: every trigger of the chain off for these statements. */
export async function withoutChainTriggers(deps: AppDeps, ...statements: string[]) {
  await sqlRows(deps, 'alter table audit_events disable trigger user');
  await sqlRows(deps, 'alter table audit_chain_heads disable trigger user');
  await sqlRows(deps, 'alter table audit_row_records disable trigger user');
  try {
    for (const statement of statements) await sqlRows(deps, statement);
  } finally {
    await sqlRows(deps, 'alter table audit_events enable trigger user');
    await sqlRows(deps, 'alter table audit_chain_heads enable trigger user');
    await sqlRows(deps, 'alter table audit_row_records enable trigger user');
  }
}
