/**
 * Daily limits on the mails the service sends for a company (docs/decisions.md "Mail from the service"): the
 * sender is ours, the addresses and the volume the company's. Counted per JST calendar day in mail_sends, under
 * a per-company lock, so concurrent sends cannot pass a limit together.
 */
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { normalizeEmail } from '../lib/email.ts';
import { startOfJstDay } from '../lib/time/jst.ts';
import * as repo from './mail-limits.repository.ts';

export type MailKind = repo.MailKind;

/** Per recipient and per company, each JST day. Invitations: single sends and bulk runs share the budget. */
export const MAIL_LIMITS: Record<MailKind, { perRecipient: number; perCompany: number }> = {
  invitation: { perRecipient: 3, perCompany: 1000 },
  mfaReminder: { perRecipient: 1, perCompany: 1000 },
  // The IP restriction's break-glass link: a locked-out admin's way back, never a way to flood a mailbox.
  ipRestrictionLift: { perRecipient: 3, perCompany: 20 },
};

const untilTomorrow = '明日（日本時間の0時）以降にもう一度お試しください。';
export const INVITATION_LIMIT_MESSAGES = {
  recipient: `このメールアドレスには、本日すでに招待メールを${MAIL_LIMITS.invitation.perRecipient}回送りました。${untilTomorrow}`,
  company: `本日の招待メールの送信数が上限（${MAIL_LIMITS.invitation.perCompany.toLocaleString('ja-JP')}通）に達しました。${untilTomorrow}`,
};

/** Thrown when one more invitation would pass a limit; the bulk job defers instead of failing. */
export class MailLimitError extends AppError {
  constructor(readonly scope: 'recipient' | 'company') {
    super('rate_limited', INVITATION_LIMIT_MESSAGES[scope]);
  }
}

/** Mails the company may still send today. Call inside the transaction that sends, after `lockCompanyMail`. */
export async function remainingToday(db: DbOrTx, companyId: string, kind: MailKind, now: Date) {
  const sent = await repo.countCompanySends(db, companyId, kind, startOfJstDay(now));
  return Math.max(0, MAIL_LIMITS[kind].perCompany - sent);
}

export const lockCompanyMail = repo.lockCompanyMail;

/**
 * Counts one invitation to `email` of the member `userId`, in the transaction that mails it; throws
 * MailLimitError (429) when the recipient or the company has had the day's share.
 */
export async function reserveInvitation(db: DbOrTx, userId: string, email: string, now: Date) {
  const companyId = await repo.selectCompanyIdOf(db, userId);
  if (!companyId) return;
  await repo.lockCompanyMail(db, companyId);
  const since = startOfJstDay(now);
  const recipient = normalizeEmail(email);
  const limits = MAIL_LIMITS.invitation;
  if ((await repo.countRecipientSends(db, recipient, 'invitation', since)) >= limits.perRecipient)
    throw new MailLimitError('recipient');
  if ((await repo.countCompanySends(db, companyId, 'invitation', since)) >= limits.perCompany)
    throw new MailLimitError('company');
  await repo.deleteCompanySendsBefore(db, companyId, since);
  await repo.insertSends(db, [{ companyId, recipient, kind: 'invitation', sentAt: now }]);
}

/**
 * Counts the invitations of a bulk run's slice at once, in the transaction that claims them (one lock, three
 * statements for the slice instead of five per mail): answers, in the order of `emails`, null for a mail that
 * may go or the limit that refused it. Once the company's day is spent every later one is 'company'.
 */
export async function reserveInvitations(
  db: DbOrTx,
  companyId: string,
  emails: readonly string[],
  now: Date,
): Promise<('recipient' | 'company' | null)[]> {
  if (emails.length === 0) return [];
  await repo.lockCompanyMail(db, companyId);
  const since = startOfJstDay(now);
  const limits = MAIL_LIMITS.invitation;
  const recipients = emails.map(normalizeEmail);
  const sent = await repo.countRecipientsSends(db, recipients, 'invitation', since);
  let budget =
    limits.perCompany - (await repo.countCompanySends(db, companyId, 'invitation', since));
  const verdicts = recipients.map((recipient) => {
    if ((sent.get(recipient) ?? 0) >= limits.perRecipient) return 'recipient' as const;
    if (budget <= 0) return 'company' as const;
    budget -= 1;
    sent.set(recipient, (sent.get(recipient) ?? 0) + 1);
    return null;
  });
  await repo.deleteCompanySendsBefore(db, companyId, since);
  await repo.insertSends(
    db,
    recipients
      .filter((_, i) => verdicts[i] === null)
      .map((recipient) => ({ companyId, recipient, kind: 'invitation' as const, sentAt: now })),
  );
  return verdicts;
}

/**
 * Of `members`, those who may get an MFA reminder now (not reminded today, within the company's budget), and
 * counts them as sent. Call inside the transaction that mails them.
 */
export async function reserveReminders<M extends { email: string }>(
  db: DbOrTx,
  companyId: string,
  members: M[],
  now: Date,
) {
  await repo.lockCompanyMail(db, companyId);
  const since = startOfJstDay(now);
  const reminded = await repo.companyRecipientsSince(db, companyId, 'mfaReminder', since);
  const budget = await remainingToday(db, companyId, 'mfaReminder', now);
  const due = members.filter((m) => !reminded.has(normalizeEmail(m.email)));
  const chosen = due.slice(0, budget);
  await repo.deleteCompanySendsBefore(db, companyId, since);
  await repo.insertSends(
    db,
    chosen.map((m) => ({
      companyId,
      recipient: normalizeEmail(m.email),
      kind: 'mfaReminder' as const,
      sentAt: now,
    })),
  );
  return {
    chosen,
    remindedToday: members.length - due.length,
    overBudget: due.length - chosen.length,
  };
}

/**
 * Counts one mail of `kind` to `email`, in the transaction that sends it; answers which limit refused it (the
 * recipient's or the company's for today), or null when it may go.
 */
export async function reserveMail(
  db: DbOrTx,
  companyId: string,
  email: string,
  kind: MailKind,
  now: Date,
): Promise<'recipient' | 'company' | null> {
  await repo.lockCompanyMail(db, companyId);
  const since = startOfJstDay(now);
  const recipient = normalizeEmail(email);
  const limits = MAIL_LIMITS[kind];
  if ((await repo.countRecipientSends(db, recipient, kind, since)) >= limits.perRecipient)
    return 'recipient';
  if ((await repo.countCompanySends(db, companyId, kind, since)) >= limits.perCompany)
    return 'company';
  await repo.deleteCompanySendsBefore(db, companyId, since);
  await repo.insertSends(db, [{ companyId, recipient, kind, sentAt: now }]);
  return null;
}
