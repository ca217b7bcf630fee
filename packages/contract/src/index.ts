// The single description of the API (STYLE.md "The contract"). One export line per area file.
export * from './errors.ts';
export * from './enums.ts';
export * from './common.ts';
export * from './endpoint.ts';
export * from './text.ts';
export * from './japanese-input.ts';
export * from './me.ts';
export * from './capabilities.ts';
export * from './cabinets.ts';
export * from './bulk.ts';
export * from './bulk-lifecycle.ts';
export * from './member-bulk.ts';
export * from './document-attribute-bulk.ts';
export * from './documents-search-keys.ts';
export * from './documents-search.ts';
export * from './documents.ts';
export * from './document-attribute-options.ts';
export * from './list-queries.ts';
export * from './members.ts';
export * from './member-holdings.ts';
export * from './members.endpoints.ts';
export * from './member-groups.ts';
export * from './member-groups.endpoints.ts';
export * from './audit-log.ts';
export * from './company-settings.ts';
export * from './sso.ts';
// Side effect: zod's own messages in Japanese wherever the contract is loaded.
import './zod-locale.ts';
