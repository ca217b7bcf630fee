/** The only SQL of mail_sends (auth/mail-limits.ts). */
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailSends, users } from '../db/schema.ts';

export type MailKind = 'invitation' | 'mfaReminder' | 'ipRestrictionLift';

/**
 * One writer of a company's counts at a time, until the transaction ends: two admins (or thirty clicks) at once
 * cannot both read "under the limit" and both send.
 */
export async function lockCompanyMail(db: DbOrTx, companyId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${companyId}`}, 0))`);
}

/** `kind` mails since `since`, of one company or to one recipient (both have their index, schema/mail.ts). */
const sentSince = (by: SQL, kind: MailKind, since: Date) =>
  and(by, eq(mailSends.kind, kind), gte(mailSends.sentAt, since));

async function countSends(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(mailSends).where(where);
  return row?.n ?? 0;
}

export const countCompanySends = (db: DbOrTx, companyId: string, kind: MailKind, since: Date) =>
  countSends(db, sentSince(eq(mailSends.companyId, companyId), kind, since));

/** Across companies: an address is one mailbox whichever company writes to it. */
export const countRecipientSends = (db: DbOrTx, recipient: string, kind: MailKind, since: Date) =>
  countSends(db, sentSince(eq(mailSends.recipient, recipient), kind, since));

/** Per recipient among `recipients`, `kind` mails since `since` (absent: none), in one statement. */
export async function countRecipientsSends(
  db: DbOrTx,
  recipients: readonly string[],
  kind: MailKind,
  since: Date,
) {
  if (recipients.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ recipient: mailSends.recipient, n: count() })
    .from(mailSends)
    .where(sentSince(inArray(mailSends.recipient, [...recipients]), kind, since))
    .groupBy(mailSends.recipient);
  return new Map(rows.map((r) => [r.recipient, r.n]));
}

/** Recipients the company sent `kind` since `since` (at most its daily limit of rows). */
export async function companyRecipientsSince(
  db: DbOrTx,
  companyId: string,
  kind: MailKind,
  since: Date,
) {
  const rows = await db
    .selectDistinct({ recipient: mailSends.recipient })
    .from(mailSends)
    .where(sentSince(eq(mailSends.companyId, companyId), kind, since));
  return new Set(rows.map((r) => r.recipient));
}

export async function insertSends(
  db: DbOrTx,
  rows: { companyId: string; recipient: string; kind: MailKind; sentAt: Date }[],
) {
  if (rows.length > 0) await db.insert(mailSends).values(rows);
}

/** Rows past every window count for nothing: the company's are dropped as it sends. */
export async function deleteCompanySendsBefore(db: DbOrTx, companyId: string, before: Date) {
  await db
    .delete(mailSends)
    .where(and(eq(mailSends.companyId, companyId), lt(mailSends.sentAt, before)));
}

export async function selectCompanyIdOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.companyId ?? null;
}
