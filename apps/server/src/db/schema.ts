/**
 * The one schema (docs/design.md §1 Storage, §2 Entities). Every tenant table carries company_id, and every
 * query is scoped by it (docs/design.md "Tenancy"). Ids are UUIDs so they reveal nothing across companies.
 */
export * from './schema/companies.ts';
export * from './schema/identity.ts';
export * from './schema/member-groups.ts';
export * from './schema/cabinets.ts';
export * from './schema/documents.ts';
export * from './schema/bulk.ts';
export * from './schema/audit.ts';
export * from './schema/sso.ts';
export * from './schema/mail.ts';
export * from './schema/ip-restrictions.ts';
export * from './schema/provisioning.ts';
export * from './schema/leavers.ts';
export * from './schema/alerts.ts';
