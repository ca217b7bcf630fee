/** Companies and their member-list counters. */
import { bigint, boolean, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, ts } from './columns.ts';

/** The owning company of a tenant row; deleting the company deletes the row. */
export const companyRef = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('business'),
  documentApproval: smallint('document_approval').notNull().default(0),
  auditLog: boolean('audit_log').notNull().default(false),
  documentImport: boolean('document_import').notNull().default(false),
  isEnabledFederatedIdentity: boolean('is_enabled_federated_identity').notNull().default(false),
  mfa: smallint('mfa').notNull().default(1),
  /**
   * When 2要素認証 last became required (mfa 2); null when it is not, or was before this was kept. Sessions
   * started earlier go on until they end: the requirement applies from each member's next sign-in.
   */
  mfaRequiredAt: ts('mfa_required_at'),
  /** The look of the console for everyone in the company (company settings). */
  theme: text('theme').notNull().default('cloudsign'),
  /** Optimistic version of the settings: two admins editing at once never overwrite each other silently. */
  settingsVersion: integer('settings_version').notNull().default(0),
  settingsUpdatedAt: ts('settings_updated_at').notNull().defaultNow(),
  /** Audit events older than this many years are deleted by the retention job (at least 5, the default). */
  auditRetentionYears: smallint('audit_retention_years').notNull().default(5),
  /** まとめてダウンロード for members other than company admins (company settings; admins always may). */
  bulkDownloadMembers: boolean('bulk_download_members').notNull().default(false),
  /**
   * Session limits (modules/session-limits): a session unused for this many minutes ends (null: never), and
   * every session ends this many hours after its sign-in. They are the one source of both limits:
   * sessions.expires_at is derived from the hours and rewritten when they change.
   */
  idleTimeoutMinutes: integer('idle_timeout_minutes'),
  sessionMaxHours: smallint('session_max_hours').notNull().default(12),
  /** Optimistic version of the session limits (saved on their own, If-Match like the settings). */
  sessionLimitsVersion: integer('session_limits_version').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * Kept by statement triggers (migration members_search): each company's member count, and a version bumped
 * by every change that can alter a member list (members, memberships, groups, cabinet access). Totals and
 * page anchors of member lists are cached against the version, so they stay exact across instances.
 * No foreign key: the triggers also fire while a company's rows are being cascaded away.
 */
export const memberListStats = pgTable('member_list_stats', {
  companyId: uuid('company_id').primaryKey(),
  memberCount: integer('member_count').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
