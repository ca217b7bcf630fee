/**
 * The audit log (docs/design.md "Audit log"): one append-only row per change or sensitive read, chained per
 * company by hash. Seq, prev_hash and hash are filled by the database (migration audit_events_chain) under a
 * lock on the company's head row, so concurrent writers never fork the chain whoever inserts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
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
