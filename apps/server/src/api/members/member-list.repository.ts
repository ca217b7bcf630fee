/**
 * The member list's queries (issue 3 "Scale"). Cost stays flat at 100,000 members:
 * - totals: the trigger-kept count when unfiltered, else one count cached against the list version;
 * - pages: the first 20 pages by a short OFFSET on the sort index; deeper pages start from a cached anchor
 *   (every 50th sort key, computed once per list version) and read 50 rows by keyset, never a long OFFSET;
 * - page=-1: keyset batches, so the whole list is never held in memory.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberListStats, users } from '../../db/schema.ts';
import {
  filterKey,
  isUnfiltered,
  keysetBound,
  memberWhere,
  orderBy,
  sortKeyText,
  sortSpec,
  type Anchor,
  type MemberListFilter,
  type MemberSort,
} from './member-list.sql.ts';
import { ListCache } from './list-cache.ts';

export const PAGE_SIZE = 50;
/** Pages up to here read by OFFSET (≤ 950 index entries skipped); beyond, by anchor + keyset. */
const OFFSET_PAGES = 20;
const STREAM_BATCH = 1000;

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  organization: users.organization,
  roles: users.roles,
  status: users.status,
  mfa: users.mfa,
  createdAt: users.createdAt,
};
export type MemberListRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'organization' | 'roles' | 'status' | 'mfa' | 'createdAt'
>;

const totals = new ListCache<number>(500);
const anchors = new ListCache<Anchor[]>(100);

export async function listStats(db: Db, companyId: string) {
  const [row] = await db
    .select({ memberCount: memberListStats.memberCount, version: memberListStats.version })
    .from(memberListStats)
    .where(eq(memberListStats.companyId, companyId));
  return row ?? { memberCount: 0, version: 0 };
}

export async function countMembers(db: Db, f: MemberListFilter, stats: { memberCount: number; version: number }) {
  if (isUnfiltered(f)) return stats.memberCount;
  const key = `${f.companyId}:${stats.version}:${filterKey(f)}`;
  const cached = totals.get(key);
  if (cached !== undefined) return cached;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(memberWhere(f));
  const n = row?.n ?? 0;
  totals.set(key, n);
  return n;
}

async function pageAnchors(db: Db, f: MemberListFilter, sort: MemberSort, version: number): Promise<Anchor[]> {
  const key = `${f.companyId}:${version}:${filterKey(f)}:${sort}`;
  const cached = anchors.get(key);
  if (cached) return cached;
  const s = sortSpec(sort);
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
  const list = rows.map((r) => ({ k: String(r.k), id: String(r.id) }));
  anchors.set(key, list);
  return list;
}

export async function findMemberPage(
  db: Db,
  f: MemberListFilter,
  sort: MemberSort,
  page: number,
  version: number,
): Promise<MemberListRow[]> {
  const s = sortSpec(sort);
  const base = db.select(memberColumns).from(users);
  if (page <= OFFSET_PAGES) {
    return base
      .where(memberWhere(f))
      .orderBy(orderBy(s))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  }
  const anchor = (await pageAnchors(db, f, sort, version))[page - 1];
  if (!anchor) return [];
  return base
    .where(sql`${memberWhere(f)} and ${keysetBound(s, anchor, true)}`)
    .orderBy(orderBy(s))
    .limit(PAGE_SIZE);
}

/** Every match in sort order, in keyset batches (page=-1). */
export async function* streamMembers(db: Db, f: MemberListFilter, sort: MemberSort): AsyncGenerator<MemberListRow[]> {
  const s = sortSpec(sort);
  let after: Anchor | undefined;
  for (;;) {
    const where = after ? sql`${memberWhere(f)} and ${keysetBound(s, after, false)}` : memberWhere(f);
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
