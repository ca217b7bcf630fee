/**
 * The one schema (docs/design.md §1 Storage, §2 Entities). Every tenant table carries company_id, and every
 * query is scoped by it (docs/design.md "Tenancy"). Ids are UUIDs so they reveal nothing across companies.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const companyRef = () =>
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
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyRef(),
    /** Stored lower-cased; unique across the whole service (docs/design.md §2). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    organization: text('organization').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(0),
    mfa: smallint('mfa').notNull().default(2),
    mfaSecret: text('mfa_secret'),
    /** argon2id hashes of unused backup codes. */
    mfaBackupCodes: text('mfa_backup_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    /** TOTP time step of the last accepted code: the same code is never accepted twice (RFC 6238 §5.2). */
    mfaLastStep: integer('mfa_last_step'),
    theme: text('theme').notNull().default('cloudsign'),
    /** NFKC + lower-case + katakana-folded name, email and organization, for keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_name_idx').on(t.companyId, t.name, t.id),
    // Member list sorts and filters: keyset paging by email / created date, privilege filter.
    index('users_company_email_idx').on(t.companyId, t.email, t.id),
    index('users_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('users_roles_idx').using('gin', t.roles),
  ],
);

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

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False until the second factor is passed when the member has MFA enabled or the company requires it. */
    isMfaVerified: boolean('is_mfa_verified').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time password-setup links for invited members (valid 10 days, CS). */
export const passwordSetupTokens = pgTable(
  'password_setup_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_setup_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-in attempts (password or second factor), counted per account and per IP over a window.
 * In the database, not in memory, so the limit holds across every site instance (docs/design.md §1).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** Lower-cased email as typed, also for unknown accounts, so guessing is limited either way. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The known device (hash of its cookie) the attempt came from; null from a browser unknown to the account. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
    index('login_attempts_device_idx').on(t.device, t.createdAt),
  ],
);

/**
 * Browsers that signed in to an account before (auth/known-devices.ts): the SHA-256 of the browser's
 * HttpOnly device cookie, per member. A known device is not slowed by other people's failed logins.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    device: text('device').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.device, t.userId] }),
    index('known_devices_user_idx').on(t.userId),
  ],
);

/** EdDSA signing keys shared by every site and api instance on one database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
});

export const memberGroups = pgTable(
  'member_groups',
  {
    id: id(),
    companyId: companyRef(),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    /** 1 = the system group 「すべてのメンバー」: membership is implicit (every member), no rows. */
    type: smallint('type').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('member_groups_company_name_key').on(t.companyId, t.name)],
);

export const memberGroupUsers = pgTable(
  'member_group_users',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('member_group_users_user_idx').on(t.userId),
  ],
);

export const cabinets = pgTable(
  'cabinets',
  {
    id: id(),
    companyId: companyRef(),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    /** 1 = the system cabinet 「すべての書類」: holds every company document implicitly, no link rows. */
    type: smallint('type').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cabinets_company_name_key').on(t.companyId, t.name)],
);

export const cabinetAdmins = pgTable(
  'cabinet_admins',
  {
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cabinetId, t.userId] }),
    index('cabinet_admins_user_idx').on(t.userId),
  ],
);

export const cabinetMemberGroups = pgTable(
  'cabinet_member_groups',
  {
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cabinetId, t.groupId] }),
    index('cabinet_member_groups_group_idx').on(t.groupId),
  ],
);

export const cabinetClassificationRules = pgTable(
  'cabinet_classification_rules',
  {
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cabinetId, t.groupId] }),
    index('cabinet_classification_rules_group_idx').on(t.groupId),
  ],
);

/**
 * Documents with their contract attributes inline (書類情報, docs/design.md §2): one row to filter and sort on,
 * so a search over a million documents never joins for its conditions.
 */
/**
 * The search text size the update-order covering index holds (migration 0021 writes the same literal): a B-tree
 * entry must stay under ~2.7 KB. Longer texts are in the small long-text index.
 */
export const SEARCH_TEXT_INDEX_MAX_BYTES = 2000;

export const documents = pgTable(
  'documents',
  {
    id: id(),
    companyId: companyRef(),
    status: smallint('status').notNull(),
    title: text('title').notNull(),
    /** Kept when the sender is deleted: a member's documents stay with the company. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull().default(''),
    senderEmail: text('sender_email').notNull().default(''),
    sentAt: ts('sent_at'),
    concludedAt: ts('concluded_at'),
    attrTitle: text('attr_title'),
    counterparty: text('counterparty'),
    contractAt: date('contract_at', { mode: 'string' }),
    validityStartAt: date('validity_start_at', { mode: 'string' }),
    validityEndAt: date('validity_end_at', { mode: 'string' }),
    validityEndNoticeAt: date('validity_end_notice_at', { mode: 'string' }),
    autoUpdate: smallint('auto_update').notNull().default(0),
    localId: text('local_id'),
    amount: bigint('amount', { mode: 'number' }),
    /** User-defined items: { [optionId]: value }. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    /** Normalised title, counterparty, participants and id, for keyword search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    // A keyword search walked in update order (the default sort) filters each entry by its search text. The
    // first index carries that text (INCLUDE, migration 0021) so the walk never reads the table; a B-tree
    // entry must stay under ~2.7 KB, so a document whose text is longer is in the second, small index
    // instead (documents-search.repository.ts walks both and merges them).
    index('documents_company_updated_text_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`octet_length(${t.searchText}) <= ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`),
    index('documents_company_updated_long_text_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`octet_length(${t.searchText}) > ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`),
    // One (company, sort column, id) index per sort key of GET /documents: the first page of
    // any sort reads 50 index entries, never the million rows. Keyword indexes are raw SQL (0007 migration).
    index('documents_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('documents_company_sent_idx').on(t.companyId, t.sentAt, t.id),
    index('documents_company_concluded_idx').on(t.companyId, t.concludedAt, t.id),
    index('documents_company_contract_idx').on(t.companyId, t.contractAt, t.id),
    // 契約締結日 + 取引金額, the common combined search: the amount is checked inside the index, so only
    // matching rows are read from the table.
    index('documents_company_contract_amount_idx').on(t.companyId, t.contractAt, t.amount),
    index('documents_company_validity_start_idx').on(t.companyId, t.validityStartAt, t.id),
    index('documents_company_validity_end_idx').on(t.companyId, t.validityEndAt, t.id),
    index('documents_company_validity_notice_idx').on(t.companyId, t.validityEndNoticeAt, t.id),
    index('documents_company_amount_idx').on(t.companyId, t.amount, t.id),
    // The same search when the amount range is the narrower one (migration 0018 carries the sort key too).
    index('documents_company_amount_contract_idx').on(t.companyId, t.amount, t.contractAt),
    index('documents_company_title_idx').on(t.companyId, t.title, t.id),
    // Deleting a member sets sender_id to null on their documents: without this index every deleted member
    // costs a scan of every document of the service (a bulk delete of 100,000 members, 100,000 scans).
    index('documents_sender_idx').on(t.senderId),
  ],
);

/**
 * Exact document count per company, kept by statement triggers (raw SQL migration), so the unfiltered list
 * of a million documents answers its total without counting them. No foreign key: the trigger of a
 * cascading company delete must not fail on a row being deleted in the same statement.
 */
export const documentListStats = pgTable('document_list_stats', {
  companyId: uuid('company_id').primaryKey(),
  documentCount: bigint('document_count', { mode: 'number' }).notNull().default(0),
  /** Bumped by every statement that inserts, updates or deletes the company's documents (migration 0019). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const documentParticipants = pgTable(
  'document_participants',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    organization: text('organization').notNull().default(''),
  },
  (t) => [index('document_participants_document_idx').on(t.documentId)],
);

export const documentFiles = pgTable(
  'document_files',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Server-chosen key in the file storage; never derived from a user-supplied name. */
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    createdAt: createdAt(),
  },
  (t) => [index('document_files_document_idx').on(t.documentId)],
);

/** Links of documents to user cabinets (many-to-many, CS). The system cabinet needs none. */
export const documentCabinets = pgTable(
  'document_cabinets',
  {
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cabinetId, t.documentId] }),
    index('document_cabinets_document_idx').on(t.documentId),
  ],
);

/** The company's user-defined document attribute items (up to 10, docs/design.md §2). */
export const documentAttributeOptions = pgTable(
  'document_attribute_options',
  {
    id: id(),
    companyId: companyRef(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isRequired: boolean('is_required').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('document_attribute_options_company_name_key').on(t.companyId, t.name)],
);

/**
 * Every bulk run (member add/edit/delete/export/edit-template, document-attribute edit): one mechanism,
 * two users (`target`). Kind and status values are spec §3's.
 */
export const bulkManipulations = pgTable(
  'bulk_manipulations',
  {
    id: id(),
    companyId: companyRef(),
    target: text('target').notNull(), // 'members' | 'document_attributes'
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull(),
    encoding: text('encoding').notNull().default('utf8bom'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    originalFilename: text('original_filename'),
    inputFileKey: text('input_file_key'),
    outputFileKey: text('output_file_key'),
    fileError: jsonb('file_error').$type<{
      message: string;
      details?: { path: string; message: string }[];
    } | null>(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('bulk_manipulations_company_created_idx').on(t.companyId, t.target, t.createdAt),
    // For the set-null of a deleted member (see documents_sender_idx).
    index('bulk_manipulations_created_by_idx').on(t.createdBy),
  ],
);

/** One row of an uploaded file: its check result, then its outcome, committed with its batch. */
export const bulkManipulationRows = pgTable(
  'bulk_manipulation_rows',
  {
    manipulationId: uuid('manipulation_id')
      .notNull()
      .references(() => bulkManipulations.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    action: text('action').notNull(), // add | update | delete | unchanged | error | conflict
    targetId: uuid('target_id'),
    input: jsonb('input').$type<Record<string, string>>().notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    errors: jsonb('errors').$type<{ column: string; message: string }[]>().notNull().default([]),
    outcome: text('outcome').notNull().default('pending'), // pending | succeeded | failed | skipped
    outcomeMessage: text('outcome_message'),
    batchNo: integer('batch_no'),
    /** When the row's follow-up (e.g. an invited member's password-setup mail) was done; null = not yet. */
    followUpAt: ts('follow_up_at'),
  },
  (t) => [
    primaryKey({ columns: [t.manipulationId, t.rowNumber] }),
    index('bulk_manipulation_rows_action_idx').on(t.manipulationId, t.action, t.rowNumber),
    // Execution resumes from the rows still pending (crash-safe batches) without rescanning finished ones.
    index('bulk_manipulation_rows_pending_idx')
      .on(t.manipulationId, t.rowNumber)
      .where(sql`outcome = 'pending'`),
  ],
);

/**
 * Backfills of a cabinet's classification rule: a job files the existing concluded and imported
 * documents of the rule's groups. `cursor` (last document id done) and the counters commit with each batch,
 * so a retried job resumes where it stopped and never counts a link twice.
 */
export const cabinetBackfills = pgTable(
  'cabinet_backfills',
  {
    id: id(),
    companyId: companyRef(),
    cabinetId: uuid('cabinet_id')
      .notNull()
      .references(() => cabinets.id, { onDelete: 'cascade' }),
    groupIds: uuid('group_ids').array().notNull(),
    state: text('state').notNull().default('queued'), // queued | running | succeeded | failed
    cursor: uuid('cursor'),
    processed: integer('processed').notNull().default(0),
    linked: integer('linked').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('cabinet_backfills_cabinet_idx').on(t.cabinetId, t.createdAt),
    // For the set-null of a deleted member (see documents_sender_idx).
    index('cabinet_backfills_created_by_idx').on(t.createdBy),
  ],
);

/**
 * Documents per user cabinet, kept exact by statement triggers on document_cabinets (raw SQL migration), so
 * the cabinet list does not count a million links per request. No foreign key: the
 * trigger of a cascading cabinet delete must not fail on the row being deleted in the same statement.
 */
export const cabinetDocumentStats = pgTable('cabinet_document_stats', {
  cabinetId: uuid('cabinet_id').primaryKey(),
  documentCount: bigint('document_count', { mode: 'number' }).notNull().default(0),
});
