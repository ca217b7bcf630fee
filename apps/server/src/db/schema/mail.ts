/** Mails the service sends for a company, counted against the daily limits (auth/mail-limits.ts). */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { companyRef } from './companies.ts';
import { id, ts } from './columns.ts';

/**
 * One row per invitation or MFA reminder mailed: the company, the recipient (normalised address) and when. Rows
 * older than the longest window are deleted as new ones come in.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: id(),
    companyId: companyRef(),
    recipient: text('recipient').notNull(),
    /** 'invitation' | 'mfaReminder' */
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('mail_sends_company_idx').on(t.companyId, t.kind, t.sentAt),
    index('mail_sends_recipient_idx').on(t.recipient, t.kind, t.sentAt),
  ],
);
