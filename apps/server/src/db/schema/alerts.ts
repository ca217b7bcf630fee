/** Renewal and notice alerts: per-cabinet rules, the keys of what was mailed, the digest outbox, calendar feeds. */
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ts, createdAt, updatedAt } from './columns.ts';
import { companyRef } from './companies.ts';
import { users } from './identity.ts';
import { cabinets } from './cabinets.ts';

/** One rule of a cabinet: which 書類情報 date and how many days before it (docs/design.md §2 "期限アラート"). */
export type StoredAlertRule = {
  /** Stable within the cabinet: the sent keys name it, so editing other rules never re-mails this one. */
  key: string;
  dateItem: 'validityEndNoticeAt' | 'validityEndAt';
  daysBefore: number;
};

/**
 * A cabinet's alert settings, saved as one item (If-Match on updated_at): the rules and who else is mailed
 * besides the cabinet's admins. No row = no rules.
 */
export const cabinetAlertSettings = pgTable('cabinet_alert_settings', {
  cabinetId: uuid('cabinet_id')
    .primaryKey()
    .references(() => cabinets.id, { onDelete: 'cascade' }),
  companyId: companyRef(),
  rules: jsonb('rules').$type<StoredAlertRule[]>().notNull().default([]),
  memberIds: uuid('member_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  groupIds: uuid('group_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  updatedAt: updatedAt(),
});

/**
 * What has been put in a digest: one row per (rule, document, deadline, recipient), written in the same
 * transaction as the outbox row that carries it. The primary key is what makes the daily job exactly-once
 * across workers and restarts: a second run, or a second worker, inserts nothing and mails nothing.
 */
export const alertSentKeys = pgTable(
  'alert_sent_keys',
  {
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    ruleKey: text('rule_key').notNull(),
    documentId: uuid('document_id').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    outboxId: uuid('outbox_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cabinetId, t.ruleKey, t.documentId, t.deadline, t.userId] }),
    index('alert_sent_keys_company_idx').on(t.companyId),
    index('alert_sent_keys_user_idx').on(t.userId),
  ],
);

/** Digest mails waiting to be handed to the mailer; `sent_at` set once delivered. */
export const alertMailOutbox = pgTable(
  'alert_mail_outbox',
  {
    id: id(),
    companyId: companyRef(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The JST date of the digest (YYYY-MM-DD). */
    digestDate: date('digest_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('alert_mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    index('alert_mail_outbox_company_idx').on(t.companyId),
    index('alert_mail_outbox_user_idx').on(t.userId),
  ],
);

/** A member's iCalendar feed: the SHA-256 of the secret in its URL. Rotating replaces it; revoking deletes it. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash)],
);
