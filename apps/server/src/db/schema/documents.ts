/** Documents, their participants, files, cabinet links, attribute options and list counters. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ts, createdAt, updatedAt } from './columns.ts';
import { companyRef } from './companies.ts';
import { users } from './identity.ts';
import { cabinets } from './cabinets.ts';

/** A stored file's script check verdict (the check's own verdicts and one for a file too large to read). */
export type StoredScriptCheck = 'clean' | 'script' | 'encrypted' | 'unreadable' | 'too_large';

/**
 * Documents with their contract attributes inline (書類情報, docs/design.md §2): one row to filter and sort on,
 * so a search over a million documents never joins for its conditions.
 */
/**
 * The text size the update-order covering index holds (migrations 0021, 0054 write the same literal): a B-tree
 * entry must stay under ~2.7 KB. Longer texts are in the small long-text index.
 */
export const SEARCH_TEXT_INDEX_MAX_BYTES = 2000;

/**
 * The bytes of a row's text that the covering index carries: its search text and its 取引先 (migration 0054),
 * compared with SEARCH_TEXT_INDEX_MAX_BYTES in the two indexes' predicates and in the walks that use them.
 */
export const walkTextBytes = (t: { searchText: AnyPgColumn; counterparty: AnyPgColumn }) =>
  sql`octet_length(${t.searchText}) + octet_length(coalesce(${t.counterparty}, ''))`;

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
    // A keyword search walked in update order (the default sort) filters each entry by its search text, and a
    // partial 取引先 by its 取引先 too. The first index carries both (INCLUDE, migrations 0021, 0054) so the walk
    // never reads the table; a B-tree entry must stay under ~2.7 KB, so a document whose text is longer is in
    // the second, small index instead (documents-search.repository.ts walks both and merges them).
    index('documents_company_updated_text_party_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`${walkTextBytes(t)} <= ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`),
    index('documents_company_updated_long_text_party_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`${walkTextBytes(t)} > ${sql.raw(String(SEARCH_TEXT_INDEX_MAX_BYTES))}`),
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
    /**
     * What the script check (modules/documents/pdf-scripts.ts) found in the stored bytes, once: 'clean',
     * 'script', 'encrypted', 'unreadable' or 'too_large'. NULL until the file is first served (files stored
     * before the check); the import sets it. Only a 'clean' file is shown inline (docs/decisions.md).
     */
    scriptCheck: text('script_check').$type<StoredScriptCheck>(),
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
