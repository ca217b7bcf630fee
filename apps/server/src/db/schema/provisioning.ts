/** SCIM provisioning (issue 34): the company's bearer tokens, the external ids the IdP sent, the request log. */
import { index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, ts } from './columns.ts';
import { companyRef } from './companies.ts';
import { users } from './identity.ts';

/**
 * Only the SHA-256 of a token is kept: the secret is shown once and a stolen table row signs nothing in.
 * At most 5 unrevoked per company (checked in the service under a lock on the company's tokens).
 */
export const provisioningTokens = pgTable(
  'provisioning_tokens',
  {
    id: id(),
    companyId: companyRef(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    firstUsedAt: ts('first_used_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('provisioning_tokens_hash_key').on(t.tokenHash),
    index('provisioning_tokens_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * The IdP's own id of a member or member group (SCIM `externalId`). No foreign key: one table serves both
 * kinds, so every read joins the member or group (a row left by a console deletion matches nothing).
 */
export const provisioningExternalIds = pgTable(
  'provisioning_external_ids',
  {
    companyId: companyRef(),
    /** `User` or `Group`. */
    resourceType: text('resource_type').notNull(),
    resourceId: uuid('resource_id').notNull(),
    externalId: text('external_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceType, t.resourceId] }),
    index('provisioning_external_ids_lookup_idx').on(t.companyId, t.resourceType, t.externalId),
  ],
);

/** One row per SCIM request, kept 30 days (the audit-log retention job purges older ones). */
export const provisioningLog = pgTable(
  'provisioning_log',
  {
    id: id(),
    companyId: companyRef(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    tokenId: uuid('token_id'),
    tokenName: text('token_name').notNull().default(''),
    method: text('method').notNull(),
    /** e.g. `Users`, `Groups`, `ServiceProviderConfig`. */
    resource: text('resource').notNull().default(''),
    /** The member's e-mail or the group's name when known, else the id in the URL or the filter. */
    target: text('target').notNull().default(''),
    status: smallint('status').notNull(),
    /** The SCIM error's detail, when the answer was one. */
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    index('provisioning_log_company_time_idx').on(t.companyId, t.occurredAt.desc()),
    index('provisioning_log_time_idx').on(t.occurredAt),
  ],
);
