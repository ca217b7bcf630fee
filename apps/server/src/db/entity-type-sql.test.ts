import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlEntityType } from './entity-type-sql.ts';

describe('sqlEntityType', () => {
  it('inlines the type as a literal, so the statement text is what it was with `type = 1` / `type = 0`', () => {
    const query = new PgDialect().sqlToQuery(
      sql`select 1 from cabinets c where c.type = ${sqlEntityType.System} or c.type = ${sqlEntityType.User}`,
    );
    expect(query).toEqual({
      sql: 'select 1 from cabinets c where c.type = 1 or c.type = 0',
      params: [],
    });
  });
});
