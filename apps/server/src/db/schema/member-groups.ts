/** Member groups and who belongs to them. */
import { index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyRef } from './companies.ts';
import { users } from './identity.ts';

export const memberGroups = pgTable(
  'member_groups',
  {
    id: id(),
    companyId: companyRef(),
    name: text('name').notNull(),
    note: text('note').notNull().default(''),
    /** 1 = the system group 「すべてのメンバー」: membership is implicit (every member), no rows. */
    type: smallint('type').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('member_groups_company_name_key').on(t.companyId, t.name)],
);

export const memberGroupUsers = pgTable(
  'member_group_users',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => memberGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('member_group_users_user_idx').on(t.userId),
  ],
);
