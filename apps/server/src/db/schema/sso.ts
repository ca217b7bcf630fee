/** SAML single sign-on: each company's identity provider, the requests sent to it, the assertions consumed. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { companies, companyRef } from './companies.ts';

/**
 * One identity provider per company (docs/design.md "Single sign-on"). Whether sign-in goes through it is
 * companies.is_enabled_federated_identity; this row holds what the IdP's metadata said and the admin's choices.
 */
export const ssoSettings = pgTable('sso_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  idpEntityId: text('idp_entity_id').notNull(),
  idpSsoUrl: text('idp_sso_url').notNull(),
  /** Base64 DER of the IdP's signing certificates: two while a certificate is being rolled over. */
  idpCertificates: text('idp_certificates')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** SAML attribute names (or `NameID`) giving the member's email, name and department. */
  emailAttribute: text('email_attribute').notNull(),
  nameAttribute: text('name_attribute').notNull(),
  organizationAttribute: text('organization_attribute').notNull(),
  /**
   * Just-in-time creation of members on first sign-in (enterprise plan), into these groups; only for addresses
   * of the company's verified domains (sso_domains).
   */
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  jitGroupIds: uuid('jit_group_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  /** Company admins who keep password sign-in while SSO is on (break-glass). */
  exceptionUserIds: uuid('exception_user_ids')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  /** The last connection test: when, and what came back (attributes, matched member or why none). */
  lastTest: jsonb('last_test'),
  updatedAt: updatedAt(),
});

/**
 * AuthnRequests sent to an IdP, bound to the browser that sent them (SHA-256 of a cookie): a response is only
 * accepted in that browser, once, within minutes.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    browser: text('browser').primaryKey(),
    requestId: text('request_id').notNull(),
    companyId: companyRef(),
    /** `login` signs in; `test` is an admin's connection test and only records what came back. */
    purpose: text('purpose').notNull(),
    returnTo: text('return_to').notNull(),
    /** The admin who started a connection test. */
    userId: uuid('user_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_requests_expires_idx').on(t.expiresAt)],
);

/** Assertion ids already accepted per company: a captured response can never be replayed. */
export const ssoConsumedAssertions = pgTable(
  'sso_consumed_assertions',
  {
    companyId: companyRef(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assertionId] }),
    index('sso_consumed_assertions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Email domains a company claims for SSO routing and JIT provisioning (docs/design.md "Single sign-on"). A
 * domain routes unknown addresses to the company's IdP only once verified (a DNS TXT record carrying `token`),
 * and a verified domain belongs to one company: two unverified claims may coexist, never two verified ones.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: id(),
    companyId: companyRef(),
    /** Lower case, no trailing dot (the contract's form). */
    domain: text('domain').notNull(),
    /** The random value the TXT record must carry; per company and domain, never reused. */
    token: text('token').notNull(),
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_domains_company_domain_key').on(t.companyId, t.domain),
    uniqueIndex('sso_domains_verified_domain_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);
