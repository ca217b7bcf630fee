/** IP address restriction (docs/design.md "IP address restriction"): each company's allowed ranges per scope. */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { companies } from './companies.ts';

/**
 * One row per company that has ever saved the setting; no row means 無効 everywhere. `scopes` holds, for the
 * console (site and API), SCIM tokens and SSO sign-in, a mode (`off` 無効, `log` 記録のみ, `enforce` 制限する) and
 * the allowed CIDR ranges with a memo each. `version` is bumped by every save: processes poll it to drop their
 * cached copy within seconds (modules/ip-restriction/ip-restriction.cache.ts), and a break-glass link names the
 * version it lifts, so it works once.
 */
export const ipRestrictions = pgTable('ip_restrictions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  scopes: jsonb('scopes')
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});
