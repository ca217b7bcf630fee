import { sql } from 'drizzle-orm';
import { EntityType } from '@cloudsign/contract';

/**
 * Cabinet and member-group types (`EntityType` of the contract) for raw SQL, inlined as literals rather than
 * bound parameters: the statement text stays the same, so the planner still sees `type = 1` when it plans.
 */
export const sqlEntityType = {
  User: sql.raw(String(EntityType.User)),
  System: sql.raw(String(EntityType.System)),
} as const;
