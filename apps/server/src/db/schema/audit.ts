/**
 * The audit log (docs/design.md "Audit log"): one append-only row per change or sensitive read, chained per
 * company by hash. Seq, prev_hash and hash are filled by the database (migration audit_events_chain) under a
 * lock on the company's head row, so concurrent writers never fork the chain whoever inserts.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * No foreign keys: events outlive the members, cabinets and documents they name (names are copied at the
 * moment), and deleting a company's events is the retention job's alone.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    /** 1, 2, 3… per company, set by the chain trigger. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    actorEmail: text('actor_email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
    action: text('action').notNull(),
    category: text('category').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    targetName: text('target_name').notNull().default(''),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
    /** Which formula `hash` was computed with (migration audit_hash_v2): 1 before it, 2 since; set by the trigger. */
    hashVersion: smallint('hash_version').notNull().default(2),
  },
  (t) => [
    uniqueIndex('audit_events_company_seq_key').on(t.companyId, t.seq),
    // The viewer: newest first with keyset paging, alone and under each filter.
    index('audit_events_company_time_idx').on(t.companyId, t.occurredAt.desc(), t.seq.desc()),
    index('audit_events_actor_idx').on(t.companyId, t.actorId, t.occurredAt.desc(), t.seq.desc()),
    index('audit_events_target_idx').on(
      t.companyId,
      t.targetType,
      t.targetId,
      t.occurredAt.desc(),
      t.seq.desc(),
    ),
    index('audit_events_category_idx').on(
      t.companyId,
      t.category,
      t.occurredAt.desc(),
      t.seq.desc(),
    ),
    index('audit_events_target_name_trgm_idx').using('gin', sql`${t.targetName} gin_trgm_ops`),
    // A document's history (「この書類の変更履歴」) also finds the moves of more than PER_DOCUMENT_MAX documents,
    // one event naming the cabinet with the ids in its details: without this small partial index the OR of the
    // two cannot be a BitmapOr, and the planner walks the company's time index filtering every event.
    index('audit_events_document_ids_idx')
      .using('gin', sql`(${t.details} -> 'documentIds') jsonb_path_ops`)
      .where(sql`${t.targetType} = 'cabinet' and ${t.category} = 'document'`),
  ],
);

/** The last link of each company's chain: inserts lock it, so one company's events are chained one at a time. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  companyId: uuid('company_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull().default(''),
});

/**
 * A bulk run's per-row records (issue 33, docs/decisions.md "Bulk runs' rows beside the chain"): one row per
 * member or document a batch changed, written in the batch's transaction beside one chained `bulk.rowsRecorded`
 * event (`event_seq`) whose details carry the SHA-256 of these rows' canonical form, so verify finds a row
 * removed, changed or added. Append-only like the events; deleted only with their event by retention.
 * The viewer reads them with the events; the exact identifiers (normalised name or title, address or
 * 管理番号) are columns of their own so a search is one btree lookup in time order. No id of its own: a row is
 * (company, event_seq, position), and every index costs each bulk row its insert (the viewer derives an id).
 */
/** The expression of `audit_row_records_keys_idx`: a search must write it the same to be answered by it. */
export const rowRecordKeys = (t: {
  companyId: AnyPgColumn;
  identKey: AnyPgColumn;
  targetId: AnyPgColumn;
}) =>
  sql`(array_remove(array[${t.companyId}::text || ${t.identKey}, ${t.companyId}::text || ${t.targetId}], ${t.companyId}::text))`;

export const auditRowRecords = pgTable(
  'audit_row_records',
  {
    companyId: uuid('company_id').notNull(),
    /** The chained event that vouches for this row (its batch's `bulk.rowsRecorded`). */
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    /** 1, 2, 3… within the batch: the order the digest is computed in. */
    position: integer('position').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    category: text('category').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    /** The member's name or the document's title, normalised (row-search-keys.ts). */
    nameKey: text('name_key').notNull(),
    /** The member's address or the document's 管理番号, normalised; '' when there is none. */
    identKey: text('ident_key').notNull(),
    details: jsonb('details').notNull(),
  },
  (t) => [
    uniqueIndex('audit_row_records_event_key').on(t.companyId, t.eventSeq, t.position),
    index('audit_row_records_time_idx').on(
      t.companyId,
      t.occurredAt.desc(),
      t.eventSeq.desc(),
      t.position.desc(),
    ),
    index('audit_row_records_name_idx').on(
      t.companyId,
      t.nameKey,
      t.occurredAt.desc(),
      t.eventSeq.desc(),
      t.position.desc(),
    ),
    // The address or 管理番号 and the target's id, each prefixed by the company (a 管理番号 repeats across
    // companies; an empty one is removed): keys that name a few rows each, so their search sorts what it finds.
    // One GIN whose inserts go to its pending list (merged a megabyte at a time) instead of two btrees that each
    // wrote a random page per bulk row (docs/decisions.md "Bulk runs' rows beside the chain").
    index('audit_row_records_keys_idx')
      .using('gin', rowRecordKeys(t))
      .with({ fastupdate: true, gin_pending_list_limit: 1024 }),
    index('audit_row_records_actor_idx').on(
      t.companyId,
      t.actorId,
      t.occurredAt.desc(),
      t.eventSeq.desc(),
      t.position.desc(),
    ),
  ],
);
