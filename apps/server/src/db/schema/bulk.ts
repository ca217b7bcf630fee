/** Bulk runs (member and document-attribute CSVs) and their rows. */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ts, createdAt, updatedAt } from './columns.ts';
import { companyRef } from './companies.ts';
import { users } from './identity.ts';

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
