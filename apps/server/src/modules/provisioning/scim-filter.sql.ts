/**
 * SCIM filters (RFC 7644 §3.4.2.2) as SQL: the expression is parsed by scim2-parse-filter, and each attribute
 * the IdPs filter on becomes one condition on the member or group row. `userName eq` probes the e-mail's
 * unique index (e-mails are stored lower-cased, and SCIM compares userName case-insensitively).
 */
import { sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { memberGroupUsers, memberGroups, provisioningExternalIds, users } from '../../db/schema.ts';
import { ScimError } from './scim-errors.ts';
import { heldDeactivationSql } from './scim.repository.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

type Value = boolean | null | number | string;
type Column = (op: string, value: Value) => SQL;

const like = (value: Value) => String(value).replace(/[\\%_]/g, (c) => `\\${c}`);

/** A text column compared as SCIM says (case-insensitive unless `caseExact`). */
const text =
  (column: SQL, caseExact = false): Column =>
  (op, value) => {
    const c = caseExact ? column : sql`lower(${column})`;
    const v = caseExact ? String(value) : String(value).toLowerCase();
    switch (op) {
      case 'eq':
        return sql`${c} = ${v}`;
      case 'ne':
        return sql`${c} <> ${v}`;
      case 'co':
        return sql`${c} like ${`%${like(v)}%`}`;
      case 'sw':
        return sql`${c} like ${`${like(v)}%`}`;
      case 'ew':
        return sql`${c} like ${`%${like(v)}`}`;
      case 'pr':
        return sql`${column} <> ''`;
      default:
        throw invalidFilter(`演算子 ${op} はこの属性に使えません。`);
    }
  };

const externalId =
  (type: 'User' | 'Group', idColumn: SQL): Column =>
  (op, value) => {
    if (op === 'pr')
      return sql`exists (select 1 from ${provisioningExternalIds} x where x.resource_type = ${type} and x.resource_id = ${idColumn})`;
    if (op !== 'eq') throw invalidFilter('externalId には eq か pr を使ってください。');
    return sql`exists (select 1 from ${provisioningExternalIds} x where x.resource_type = ${type} and x.resource_id = ${idColumn} and x.external_id = ${String(value)})`;
  };

const idColumn =
  (column: SQL): Column =>
  (op, value) => {
    if (op !== 'eq') throw invalidFilter('id には eq を使ってください。');
    return UUID_RE.test(String(value)) ? sql`${column} = ${String(value)}` : sql`false`;
  };

const USER_COLUMNS: Record<string, Column> = {
  id: idColumn(sql`${users.id}`),
  // Stored lower-cased: the plain column keeps the unique index usable.
  username: (op, value) =>
    op === 'eq'
      ? sql`${users.email} = ${String(value).toLowerCase()}`
      : text(sql`${users.email}`)(op, value),
  'emails.value': (op, value) => USER_COLUMNS.username!(op, value),
  emails: (op, value) => USER_COLUMNS.username!(op, value),
  // The one address is the work address.
  'emails.type': (op, value) =>
    op === 'eq' && String(value).toLowerCase() === 'work' ? sql`true` : sql`false`,
  'emails.primary': (op, value) => (op === 'eq' && value === true ? sql`true` : sql`false`),
  displayname: text(sql`${users.name}`),
  'name.formatted': text(sql`${users.name}`),
  externalid: externalId('User', sql`${users.id}`),
  active: (op, value) => {
    if (op !== 'eq' || typeof value !== 'boolean')
      throw invalidFilter('active には eq true / eq false を使ってください。');
    // As answered: a deactivation held by the brake reads inactive (scim.repository.ts).
    return value
      ? sql`(${users.status} <> 3 and not ${heldDeactivationSql})`
      : sql`(${users.status} = 3 or ${heldDeactivationSql})`;
  },
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user:department': text(
    sql`${users.organization}`,
  ),
};

const GROUP_COLUMNS: Record<string, Column> = {
  id: idColumn(sql`${memberGroups.id}`),
  displayname: text(sql`${memberGroups.name}`),
  externalid: externalId('Group', sql`${memberGroups.id}`),
  'members.value': (op, value) => {
    if (op !== 'eq') throw invalidFilter('members.value には eq を使ってください。');
    if (!UUID_RE.test(String(value))) return sql`false`;
    return sql`exists (select 1 from ${memberGroupUsers} m where m.group_id = ${memberGroups.id} and m.user_id = ${String(value)})`;
  },
};

function toSql(f: Filter, columns: Record<string, Column>, prefix = ''): SQL {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((x) => toSql(x, columns, prefix));
      return sql`(${sql.join(parts, f.op === 'and' ? sql` and ` : sql` or `)})`;
    }
    case 'not':
      return sql`not (${toSql(f.filter, columns, prefix)})`;
    case '[]':
      return toSql(f.valFilter, columns, `${prefix}${f.attrPath}.`);
    default: {
      const path = `${prefix}${f.attrPath}`
        .toLowerCase()
        .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');
      const column = columns[path];
      if (!column) throw invalidFilter(`属性 ${prefix}${f.attrPath} では絞り込めません。`);
      return column(f.op, f.op === 'pr' ? null : f.compValue);
    }
  }
}

function parseFilter(filter: string): Filter {
  try {
    return parse(filter);
  } catch {
    throw invalidFilter(`フィルターを読み取れません: ${filter}`);
  }
}

export const userFilterSql = (filter: string) => toSql(parseFilter(filter), USER_COLUMNS);
export const groupFilterSql = (filter: string) => toSql(parseFilter(filter), GROUP_COLUMNS);
