/** Cabinets, who reads and administers them, classification rules, backfills and per-cabinet counts. */
import {
  bigint,
  index,
  integer,
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
import { memberGroups } from './member-groups.ts';

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
