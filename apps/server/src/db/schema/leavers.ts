/**
 * Leavers from provisioning (issue 34, modules/provisioning): who takes over what a deactivated member held,
 * and the brake that holds back a mass deactivation until an admin applies or cancels it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.ts';
import { companies, companyRef } from './companies.ts';
import { users } from './identity.ts';

/**
 * One row per company, written on the first save (no row = the defaults). `successor_rule`: `cabinetAdmins`
 * (another admin of a cabinet the leaver administers, else the fallback) or `fallback` (the named member).
 * `brake_threshold` null = the default, max(50, 5% of the members).
 */
export const provisioningLeaverSettings = pgTable('provisioning_leaver_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  successorRule: text('successor_rule')
    .$type<'cabinetAdmins' | 'fallback'>()
    .notNull()
    .default('cabinetAdmins'),
  fallbackMemberId: uuid('fallback_member_id').references(() => users.id, { onDelete: 'set null' }),
  brakeThreshold: integer('brake_threshold'),
  /** Optimistic version: a save names it in If-Match like every versioned save. */
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Every deactivation asked for by provisioning: `applied` at once, or `queued` behind the brake until an admin
 * applies (`applied`, decided_*) or cancels it (`cancelled`). Applied rows of the last hour are what the brake counts.
 */
export const provisioningDeactivations = pgTable(
  'provisioning_deactivations',
  {
    id: id(),
    companyId: companyRef(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id'),
    tokenName: text('token_name').notNull().default(''),
    state: text('state').$type<'applied' | 'queued' | 'cancelled'>().notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
  },
  (t) => [
    index('provisioning_deactivations_company_idx').on(t.companyId, t.state, t.requestedAt),
    index('provisioning_deactivations_member_idx').on(t.memberId),
    // One waiting deactivation per member: asking again while it waits changes nothing.
    uniqueIndex('provisioning_deactivations_queued_key')
      .on(t.memberId)
      .where(sql`state = 'queued'`),
  ],
);
