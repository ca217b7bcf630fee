/**
 * The member list's queries. Cost stays flat at 100,000 members:
 * - totals: the trigger-kept count when unfiltered, else one count cached against the list version;
 * - pages: the first 20 pages by a short OFFSET on the sort index; deeper pages start from a cached anchor
 *   (every 50th sort key, computed once per list version) and read 50 rows by keyset, never a long OFFSET;
 * - page=-1: keyset batches, so the whole list is never held in memory.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { memberListStats, users } from '../../db/schema.ts';
import {
  filterKey,
  isUnfiltered,
  singleGram,
  keysetBound,
  memberWhere,
  orderBy,
  sortKeyText,
  sortSpec,
  type Anchor,
  type MemberListFilter,
  type MemberSort,
} from './member-list.sql.ts';
import { ListCache, cachedOnce } from '../../lib/list-cache.ts';

export const PAGE_SIZE = 50;
/** Pages up to here read by OFFSET (≤ 950 index entries skipped); beyond, by anchor + keyset. */
const OFFSET_PAGES = 20;
const STREAM_BATCH = 1000;

const memberColumns = {
  id: users.id,
  name: users.name,
  furigana: users.furigana,
  email: users.email,
  organization: users.organization,
  roles: users.roles,
  status: users.status,
  mfa: users.mfa,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};
/** The same columns read from a derived table aliased `users` (drizzle refuses table columns there). */
const aliasColumn = <T extends (typeof memberColumns)[keyof typeof memberColumns]>(c: T) =>
  sql<T['_']['data']>`${sql.identifier('users')}.${sql.identifier(c.name)}`.mapWith(c);
const windowColumns = {
  id: aliasColumn(users.id),
  name: aliasColumn(users.name),
  furigana: aliasColumn(users.furigana),
  email: aliasColumn(users.email),
  organization: aliasColumn(users.organization),
  roles: aliasColumn(users.roles),
  status: aliasColumn(users.status),
  mfa: aliasColumn(users.mfa),
  createdAt: aliasColumn(users.createdAt),
  lastSignInAt: aliasColumn(users.lastSignInAt),
};
export type MemberListRow = Pick<
  typeof users.$inferSelect,
  | 'id'
  | 'name'
  | 'furigana'
  | 'email'
  | 'organization'
  | 'roles'
  | 'status'
  | 'mfa'
  | 'createdAt'
  | 'lastSignInAt'
>;

const totals = new ListCache<Promise<number>>(500);
const anchors = new ListCache<Promise<Anchor[]>>(100);
/** Pages of recent lists and searches; 50 rows each, so a few MB at most. */
const pages = new ListCache<Promise<MemberListRow[]>>(300);

const statsQuery = (db: Db) =>
  db
    .select({ memberCount: memberListStats.memberCount, version: memberListStats.version })
    .from(memberListStats)
    .where(eq(memberListStats.companyId, sql.placeholder('companyId')))
    .prepare('member_list_stats');
/** Every list request reads it first. */
const listStatsQuery = preparedPerHandle(statsQuery);

export async function listStats(db: Db, companyId: string) {
  const [row] = await listStatsQuery(db).execute({ companyId });
  return row ?? { memberCount: 0, version: 0 };
}

export async function countMembers(
  db: Db,
  f: MemberListFilter,
  stats: { memberCount: number; version: number },
) {
  if (isUnfiltered(f)) return stats.memberCount;
  return cachedOnce(totals, `${f.companyId}:${stats.version}:${filterKey(f)}`, async () => {
    const gram = singleGram(f);
    if (gram !== undefined) {
      // A lone 1–2 character keyword is one gram: its total is kept by triggers (migration 0020).
      const [kept] = await db
        .select({ n: sql<number>`n` })
        .from(sql`member_gram_counts`)
        .where(sql`company_id = ${f.companyId} and gram = ${gram}`);
      return kept?.n ?? 0;
    }
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(memberWhere(f));
    return row?.n ?? 0;
  });
}

function pageAnchors(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
  version: number,
): Promise<Anchor[]> {
  return cachedOnce(anchors, `${f.companyId}:${version}:${filterKey(f)}:${sort}`, async () => {
    const s = sortSpec(sort, f.keyword);
    const ranked = db
      .select({
        k: sql<string>`${sortKeyText(s)}`.as('k'),
        id: sql<string>`${users.id}`.as('anchor_id'),
        rn: sql<number>`row_number() over (order by ${orderBy(s)})`.as('rn'),
      })
      .from(users)
      .where(memberWhere(f))
      .as('ranked');
    const rows = await db
      .select({ k: ranked.k, id: ranked.id })
      .from(ranked)
      .where(sql`${ranked.rn} % ${PAGE_SIZE} = 1`)
      .orderBy(ranked.rn);
    return rows.map((r) => ({ k: String(r.k), id: String(r.id) }));
  });
}

/**
 * Collecting every match then sorting is cheap while matches are few; walking the sort index and filtering is
 * cheap while they are many and spread out. Below this many matches we always collect (a few ms on either
 * driver); above it we walk a bounded stretch of the index first (measured on 100,000 members: 「田中」 has
 * 1,537 matches all sorted together, an unbounded walk read 68,718 rows for the first page — 227 ms).
 */
const COLLECT_MAX = 3000;
/**
 * How many times the uniformly expected stretch a bounded walk reads before giving up and collecting. Spread
 * matches fill a page well within 3× (150 expected for 50 needed); clustered ones (「石」: 5,129 matches, the
 * first at position 71,795 by name) miss at any slack, so a larger one would only add to their cost.
 */
const WALK_SLACK = 3;
const WALK_MIN = 1000;

/**
 * One page of the list. Cached against the list version like the totals (any change to members, memberships
 * or cabinet links bumps it), so a repeated search costs one small read of member_list_stats.
 */
export type ListCounts = { memberCount: number; version: number; total: number };

/** `list`: the company's member count and list version, and this filter's total, as the caller just read them. */
function findMemberPage(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
  page: number,
  list: ListCounts,
): Promise<MemberListRow[]> {
  return cachedOnce(pages, `${f.companyId}:${list.version}:${filterKey(f)}:${sort}:${page}`, () =>
    readPage(db, f, sort, page, list),
  );
}

async function readPage(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
  page: number,
  list: ListCounts,
): Promise<MemberListRow[]> {
  const { version } = list;
  const s = sortSpec(sort, f.keyword);
  if (page <= OFFSET_PAGES) {
    const offset = (page - 1) * PAGE_SIZE;
    if (isUnfiltered(f)) {
      return db
        .select(memberColumns)
        .from(users)
        .where(memberWhere(f))
        .orderBy(orderBy(s))
        .limit(PAGE_SIZE)
        .offset(offset);
    }
    // The index walk follows a stored order; the pickers' rank is none, so their matches are always collected.
    if (list.total > COLLECT_MAX && sort !== 'match') {
      const expected = ((offset + PAGE_SIZE) * Math.max(list.memberCount, list.total)) / list.total;
      const window = Math.max(WALK_MIN, Math.ceil(expected * WALK_SLACK));
      // The first `window` members in sort order (an index range, no filter), then the filter on those only;
      // the alias keeps memberWhere's column references pointing at the window.
      const walked = await db
        .select(windowColumns)
        .from(
          sql`(select * from ${users} where ${users.companyId} = ${f.companyId} order by ${orderBy(s)} limit ${window}) as users`,
        )
        .where(memberWhere(f))
        .orderBy(orderBy(s))
        .limit(PAGE_SIZE)
        .offset(offset);
      // A full page from the window is exact: every earlier match lies inside it too.
      if (walked.length === PAGE_SIZE || window >= list.memberCount) return walked;
    }
    // Collect: OFFSET 0 keeps the subquery apart, so it is planned for all its matches (the keyword and group
    // indexes) and only the matches are sorted.
    return db
      .select(windowColumns)
      .from(sql`(select * from ${users} where ${memberWhere(f)} offset 0) as users`)
      .orderBy(orderBy(s))
      .limit(PAGE_SIZE)
      .offset(offset);
  }
  const anchor = (await pageAnchors(db, f, sort, version))[page - 1];
  if (!anchor) return [];
  return db
    .select(memberColumns)
    .from(users)
    .where(sql`${memberWhere(f)} and ${keysetBound(s, anchor, true)}`)
    .orderBy(orderBy(s))
    .limit(PAGE_SIZE);
}

/** First pages of searches whose matches one statement collected with their count (collectFirstPage). */
const collected = new ListCache<Promise<MemberList | undefined>>(100);

export type MemberList = { total: number; rows: MemberListRow[] };

/**
 * The total and one page. A search's first page is the screen every new keyword opens, and with no cached
 * answer it would cost two statements over the same matches (the count, then the page collected from them):
 * one statement collects at most COLLECT_MAX + 1 matches, counts them and returns the first page sorted, as
 * readPage's collect would. More matches than that and the count and readPage's walk answer as before.
 */
export async function findMemberList(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
  page: number,
  stats: { memberCount: number; version: number },
): Promise<MemberList> {
  const totalKey = `${f.companyId}:${stats.version}:${filterKey(f)}`;
  // Unfiltered and lone 1–2 character searches have their totals kept by triggers: nothing to save there.
  if (
    page === 1 &&
    !isUnfiltered(f) &&
    singleGram(f) === undefined &&
    totals.get(totalKey) === undefined
  ) {
    const pageKey = `${totalKey}:${sort}:${page}`;
    const both = await cachedOnce(collected, pageKey, () => collectFirstPage(db, f, sort));
    if (both) {
      totals.set(totalKey, Promise.resolve(both.total));
      pages.set(pageKey, Promise.resolve(both.rows));
      return both;
    }
  }
  const total = await countMembers(db, f, stats);
  const rows = total === 0 ? [] : await findMemberPage(db, f, sort, page, { ...stats, total });
  return { total, rows };
}

async function collectFirstPage(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
): Promise<MemberList | undefined> {
  const found = await db
    .select({ ...windowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(sql`(select * from ${users} where ${memberWhere(f)} limit ${COLLECT_MAX + 1}) as users`)
    .orderBy(orderBy(sortSpec(sort, f.keyword)))
    .limit(PAGE_SIZE);
  const total = found[0]?.total ?? 0;
  if (total > COLLECT_MAX) return undefined;
  return { total, rows: found.map(({ total: _, ...row }) => row) };
}

/** Every match in sort order, in keyset batches (page=-1). */
export async function* streamMembers(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
): AsyncGenerator<MemberListRow[]> {
  const s = sortSpec(sort, f.keyword);
  let after: Anchor | undefined;
  for (;;) {
    const where = after
      ? sql`${memberWhere(f)} and ${keysetBound(s, after, false)}`
      : memberWhere(f);
    const rows = await db
      .select({ ...memberColumns, sortKey: sql<string>`${sortKeyText(s)}` })
      .from(users)
      .where(where)
      .orderBy(orderBy(s))
      .limit(STREAM_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < STREAM_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { k: String(last.sortKey), id: last.id };
  }
}
