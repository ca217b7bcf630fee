/**
 * SQL pieces of the member list: filter conditions, sort keys and keyset bounds. Only
 * repositories run them; kept apart because both the paged list and the stream (page=-1) use them.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  searchKeywordTerms,
  type TMemberSignInFilter,
  type TMemberSource,
  type TRole,
} from '@cloudsign/contract';
import { users } from '../../db/schema.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';
import { lastSignInKey, signInCondition } from './member-sign-in.sql.ts';

export type MemberSort =
  | 'name'
  | '-name'
  | 'email'
  | '-email'
  | 'createdAt'
  | '-createdAt'
  | 'lastSignInAt'
  | '-lastSignInAt'
  | 'match';

export type MemberListFilter = {
  companyId: string;
  keyword?: string | undefined;
  cabinetId?: string | undefined;
  /** A user group's id; the system group (everyone) is no condition at all. */
  userGroupId?: string | undefined;
  role?: TRole | undefined;
  status?: number | undefined;
  mfa?: number | undefined;
  /** The clean-up filters; 'inactive90' needs `inactiveBefore` (now − 90 days, from the service's clock). */
  signIn?: TMemberSignInFilter | undefined;
  inactiveBefore?: Date | undefined;
  /** 作成元. */
  source?: TMemberSource | undefined;
};

/**
 * Keyword → normalised terms (space-separated terms all must match), at most 10; the console judges the same.
 * One list request asks for them many times (the caches' key, the match, the rank, the page plan): each keyword
 * is normalised once and the last RECENT_KEYWORDS kept, frozen so no caller can change another's.
 */
const RECENT_KEYWORDS = 256;
const recentTerms = new Map<string, readonly string[]>();
const NO_TERMS: readonly string[] = Object.freeze([]);

export function keywordTerms(keyword: string | undefined): readonly string[] {
  if (!keyword) return NO_TERMS;
  let terms = recentTerms.get(keyword);
  if (!terms) {
    terms = Object.freeze(searchKeywordTerms(keyword));
    if (recentTerms.size >= RECENT_KEYWORDS) recentTerms.delete(recentTerms.keys().next().value!);
    recentTerms.set(keyword, terms);
  }
  return terms;
}

/**
 * The grams (users.search_grams, migration 0010) hold every unigram and bigram of search_text: a 1–2 character
 * term is one exact element; a longer one needs all its bigrams (then LIKE confirms the order).
 */
export function termGrams(term: string): string[] {
  const chars = [...term];
  if (chars.length <= 2) return [term];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

const pgTextArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export const isUnfiltered = (f: MemberListFilter) =>
  keywordTerms(f.keyword).length === 0 &&
  !f.cabinetId &&
  !f.userGroupId &&
  !f.role &&
  f.status === undefined &&
  f.mfa === undefined &&
  !f.signIn &&
  !f.source;

/** The one gram a filter of nothing but a single 1–2 character keyword term is, else undefined. */
export function singleGram(f: MemberListFilter): string | undefined {
  const terms = keywordTerms(f.keyword);
  const only =
    terms.length === 1 &&
    !f.cabinetId &&
    !f.userGroupId &&
    !f.role &&
    f.status === undefined &&
    f.mfa === undefined &&
    !f.signIn &&
    !f.source;
  return only && [...terms[0]!].length <= 2 ? terms[0] : undefined;
}

/** Stable key of a filter, for the caches. */
export const filterKey = (f: MemberListFilter) =>
  JSON.stringify([
    keywordTerms(f.keyword),
    f.cabinetId ?? '',
    f.userGroupId ?? '',
    f.role ?? '',
    f.status ?? '',
    f.mfa ?? '',
    f.signIn === 'inactive90' ? `inactive:${f.inactiveBefore?.toISOString()}` : (f.signIn ?? ''),
    f.source ?? '',
  ]);

/**
 * The one keyword rule of every member search (the list, the pickers, bulk operations on a search): each
 * normalised term is found in the member's search_text (name without spaces, フリガナ, e-mail, 所属:
 * memberSearchText). `table` names the users row in the query (an alias such as `u`).
 */
export function memberKeywordMatch(keyword: string | undefined, table = 'users'): SQL | undefined {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return undefined;
  const t = sql.identifier(table);
  const grams = [...new Set(terms.flatMap(termGrams))];
  // users.search_grams is a stored generated column (migration 0010): the GIN index answers containment,
  // and a recheck compares stored arrays. A 1–2 character term is exact; longer ones need LIKE for order.
  const parts: SQL[] = [sql`${t}.search_grams @> ${pgTextArray(grams)}::text[]`];
  for (const term of terms) {
    if ([...term].length > 2) parts.push(sql`${t}.search_text like ${likeContains(term)}`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * How well a member matches the keyword typed as one (its terms joined, so 「青木 久美子」 = 「青木久美子」):
 * 0 when it is his whole name, フリガナ, e-mail or e-mail local part; 1 when one of those starts with it; else
 * 2. Read from the fixed field positions of search_text (memberSearchText), so nothing is normalised in SQL.
 */
export function memberKeywordRank(keyword: string | undefined, table = 'users'): SQL {
  const k = keywordTerms(keyword).join('');
  // A cast, not a bare 0: `order by 0` would name a column position and fail.
  if (!k) return sql`0::int`;
  const st = sql`${sql.identifier(table)}.search_text`;
  const field = (i: number) => sql`split_part(${st}, ' ', ${sql.raw(String(i))})`;
  const exact = sql`${field(1)} = ${k} or ${field(2)} = ${k} or ${field(3)} = ${k} or split_part(${field(3)}, '@', 1) = ${k}`;
  const prefix = sql`starts_with(${field(1)}, ${k}) or starts_with(${field(2)}, ${k}) or starts_with(${field(3)}, ${k})`;
  return sql`(case when ${exact} then 0 when ${prefix} then 1 else 2 end)`;
}

export function memberWhere(f: MemberListFilter): SQL {
  const parts: SQL[] = [sql`${users.companyId} = ${f.companyId}`];
  const keyword = memberKeywordMatch(f.keyword);
  if (keyword) parts.push(keyword);
  if (f.userGroupId) {
    parts.push(
      sql`exists (select 1 from member_group_users mgu where mgu.group_id = ${f.userGroupId} and mgu.user_id = ${users.id})`,
    );
  }
  if (f.cabinetId) {
    // Who can read the cabinet (docs/design.md §1): company admins, its admins, members of its groups
    // (the system group 「すべてのメンバー」 meaning everyone). Same rule as auth/access.ts.
    parts.push(sql`(
      ${users.roles} @> '{CompanyAdmin}'::text[]
      or exists (select 1 from cabinet_admins ca where ca.cabinet_id = ${f.cabinetId} and ca.user_id = ${users.id})
      or exists (
        select 1 from cabinet_member_groups cmg join member_groups g on g.id = cmg.group_id
        where cmg.cabinet_id = ${f.cabinetId} and (
          g.type = ${sqlEntityType.System}
          or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = ${users.id})
        )
      )
    )`);
  }
  if (f.role) parts.push(sql`${users.roles} @> ${pgTextArray([f.role])}::text[]`);
  if (f.status !== undefined) parts.push(sql`${users.status} = ${f.status}`);
  if (f.mfa !== undefined) parts.push(sql`${users.mfa} = ${f.mfa}`);
  if (f.source) parts.push(sql`${users.source} = ${f.source}`);
  const signIn = signInCondition(f.signIn, f.inactiveBefore);
  if (signIn) parts.push(signIn);
  return sql.join(parts, sql` and `);
}

/**
 * A sort: its key columns (the id always ends the order) in index order. 氏名 order is by the reading when
 * there is one, then the name: `coalesce(furigana, name), name` is exactly users_company_reading_idx.
 */
type SortSpec = { columns: SQL[]; type: 'text' | 'timestamptz'; desc: boolean };

export function sortSpec(sort: MemberSort, keyword?: string): SortSpec {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  // The pickers' order: the keyword's rank (as text, so keyset bounds compare it like the other keys), then 氏名.
  if (key === 'match')
    return {
      columns: [
        sql`${memberKeywordRank(keyword)}::text`,
        sql`coalesce(${users.furigana}, ${users.name})`,
        sql`${users.name}`,
      ],
      type: 'text',
      desc,
    };
  if (key === 'email') return { columns: [sql`${users.email}`], type: 'text', desc };
  if (key === 'createdAt') return { columns: [sql`${users.createdAt}`], type: 'timestamptz', desc };
  if (key === 'lastSignInAt') return { columns: [lastSignInKey()], type: 'timestamptz', desc };
  return {
    columns: [sql`coalesce(${users.furigana}, ${users.name})`, sql`${users.name}`],
    type: 'text',
    desc,
  };
}

/**
 * The member list's 氏名 order (フリガナ, then name, then id) for any other list of members a screen shows, so
 * names never come in code-point order (「Smith, John、一般 花子、三浦 葵」).
 */
export const memberReadingOrder = () => orderBy(sortSpec('name'));

const dir = (s: SortSpec) => (s.desc ? sql` desc` : sql` asc`);
export const orderBy = (s: SortSpec) =>
  sql.join(
    [...s.columns, sql`${users.id}`].map((c) => sql`${c}${dir(s)}`),
    sql`, `,
  );

/**
 * A sort position: the sort key as text (so timestamps keep microseconds; several key columns as a JSON
 * array of their texts) and the id.
 */
export type Anchor = { k: string; id: string };

/** Rows at or after (`inclusive`) / strictly after the anchor, in the sort's direction. */
export function keysetBound(s: SortSpec, a: Anchor, inclusive: boolean): SQL {
  const values =
    s.columns.length > 1
      ? s.columns.map((_, i) => sql`(${a.k}::jsonb ->> ${i}::int)`)
      : [s.type === 'timestamptz' ? sql`${a.k}::timestamptz` : sql`${a.k}::text`];
  const op = s.desc ? (inclusive ? sql`<=` : sql`<`) : inclusive ? sql`>=` : sql`>`;
  return sql`(${sql.join([...s.columns, sql`${users.id}`], sql`, `)}) ${op} (${sql.join(values, sql`, `)}, ${a.id}::uuid)`;
}

export const sortKeyText = (s: SortSpec) =>
  s.columns.length > 1
    ? sql`jsonb_build_array(${sql.join(s.columns, sql`, `)})::text`
    : s.type === 'timestamptz'
      ? sql`${s.columns[0]!}::text`
      : s.columns[0]!;
