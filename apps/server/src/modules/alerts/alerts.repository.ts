/** Alert SQL (STYLE.md: only repositories issue SQL). Every statement is scoped by company. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  alertMailOutbox,
  alertSentKeys,
  cabinetAlertSettings,
  calendarFeeds,
  type StoredAlertRule,
} from '../../db/schema.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readableDocumentSql, type Readable } from '../../auth/access.ts';
import { sqlEntityType } from '../../db/entity-type-sql.ts';
import type { DeadlineDoc } from './alert-deadlines.ts';
// Which cabinets a member reads: the alerts and the digest ask here, so a rule test's repository answers it too.
export { readableCabinets } from '../../auth/access.ts';

export type SettingsRow = typeof cabinetAlertSettings.$inferSelect;
const uuids = (ids: readonly string[]) => sql`${sql.param(ids)}::uuid[]`;

export async function findSettings(
  db: DbOrTx,
  companyId: string,
  cabinetId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<SettingsRow | null> {
  const q = db
    .select()
    .from(cabinetAlertSettings)
    .where(
      and(
        eq(cabinetAlertSettings.companyId, companyId),
        eq(cabinetAlertSettings.cabinetId, cabinetId),
      ),
    );
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
}

export async function saveSettings(
  db: DbOrTx,
  row: Omit<SettingsRow, 'updatedAt'> & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(cabinetAlertSettings)
    .values(row)
    .onConflictDoUpdate({
      target: cabinetAlertSettings.cabinetId,
      set: {
        rules: row.rules,
        memberIds: row.memberIds,
        groupIds: row.groupIds,
        updatedAt: row.updatedAt,
      },
    });
}

/** Named rows of the ids that still exist in the company (a deleted member drops out of the list). */
export async function namesOf(
  db: DbOrTx,
  table: 'users' | 'member_groups',
  companyId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const name = table === 'users' ? sql`coalesce(nullif(name, ''), email)` : sql`name`;
  return queryRows(
    db,
    sql`select id::text, ${name} as name from ${sql.identifier(table)}
        where company_id = ${companyId} and id = any(${uuids(ids)}) order by 2, 1`,
  );
}

export type CabinetRules = {
  cabinetId: string;
  companyId: string;
  cabinetName: string;
  isSystem: boolean;
  rules: StoredAlertRule[];
  memberIds: string[];
  groupIds: string[];
};

/** Cabinets with at least one rule: of one company, or (the daily job) of every company. */
export async function cabinetsWithRules(
  db: DbOrTx,
  only: { companyId?: string; cabinetIds?: string[] } = {},
): Promise<CabinetRules[]> {
  const byCompany = only.companyId ? sql`and s.company_id = ${only.companyId}` : sql``;
  const byCabinets = only.cabinetIds
    ? sql`and s.cabinet_id = any(${uuids(only.cabinetIds)})`
    : sql``;
  return queryRows(
    db,
    sql`select s.cabinet_id::text as "cabinetId", s.company_id::text as "companyId", c.name as "cabinetName",
          c.type = ${sqlEntityType.System} as "isSystem", s.rules, s.member_ids::text[] as "memberIds",
          s.group_ids::text[] as "groupIds"
        from cabinet_alert_settings s join cabinets c on c.id = s.cabinet_id and c.company_id = s.company_id
        where jsonb_array_length(s.rules) > 0 ${byCompany} ${byCabinets}
        order by s.company_id, c.name, c.id`,
  );
}

export type Recipient = { id: string; email: string; name: string; isCompanyAdmin: boolean };

/**
 * Who a cabinet's digest goes to: its admins, the chosen members and the members of the chosen groups (the
 * system group 「すべてのメンバー」 is everyone), active members only (招待中 and 利用停止 get nothing).
 */
export async function recipientsOf(db: DbOrTx, c: CabinetRules): Promise<Recipient[]> {
  return queryRows(
    db,
    sql`select u.id::text, u.email, u.name, 'CompanyAdmin' = any(u.roles) as "isCompanyAdmin"
        from users u
        where u.company_id = ${c.companyId}
          and u.status in (${MemberStatus.Valid}, ${MemberStatus.PasswordReset})
          and (
            exists (select 1 from cabinet_admins ca where ca.cabinet_id = ${c.cabinetId} and ca.user_id = u.id)
            or u.id = any(${uuids(c.memberIds)})
            or exists (
              select 1 from member_groups g
              where g.company_id = ${c.companyId} and g.id = any(${uuids(c.groupIds)}) and (
                g.type = ${sqlEntityType.System}
                or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = u.id)
              )
            )
          )
        order by u.id`,
  );
}

export type AlertDoc = DeadlineDoc & { id: string; title: string; counterparty: string | null };

/** A cabinet's candidate with the cabinets it is filed in (whoever reads one of them reads it). */
export type DigestDoc = AlertDoc & { cabinetIds: string[] };

/** The condition of a candidate: a date within the longest lead time, or any date of a 自動更新あり document. */
function candidateWhere(
  c: Pick<CabinetRules, 'companyId' | 'cabinetId' | 'isSystem' | 'rules'>,
  today: string,
  horizonDays: number,
): SQL | null {
  const items = [...new Set(c.rules.map((r) => r.dateItem))];
  if (items.length === 0) return null;
  const col = (item: string): SQL =>
    item === 'validityEndAt'
      ? sql`documents.validity_end_at`
      : sql`documents.validity_end_notice_at`;
  const dated = sql.join(
    items.map(
      (i) =>
        sql`(${col(i)} is not null and (documents.auto_update = 1 or ${col(i)} between ${today}::date and ${today}::date + ${horizonDays}::int))`,
    ),
    sql` or `,
  );
  const inCabinet = c.isSystem
    ? sql`true`
    : sql`exists (select 1 from document_cabinets dc where dc.cabinet_id = ${c.cabinetId} and dc.document_id = documents.id)`;
  return sql`documents.company_id = ${c.companyId} and ${inCabinet} and (${dated})`;
}

const candidateColumns = sql`documents.id::text, documents.title, documents.counterparty,
  documents.validity_start_at::text as "validityStartAt", documents.validity_end_at::text as "validityEndAt",
  documents.validity_end_notice_at::text as "validityEndNoticeAt", documents.auto_update::int as "autoUpdate"`;

/**
 * The cabinet's documents that `readable` may read and that may have a deadline under these rules on or after
 * `today`: a date within the longest lead time, or any date of a 自動更新あり document (rolled forward later).
 */
export async function alertCandidates(
  db: DbOrTx,
  c: Pick<CabinetRules, 'companyId' | 'cabinetId' | 'isSystem' | 'rules'>,
  readable: Readable,
  today: string,
  horizonDays: number,
): Promise<AlertDoc[]> {
  const where = candidateWhere(c, today, horizonDays);
  if (!where) return [];
  return queryRows(
    db,
    sql`select ${candidateColumns} from documents
        where ${where} and ${readableDocumentSql(readable)}
        order by documents.id`,
  );
}

/**
 * The same candidates for every reader at once (the daily digest): each with the cabinets it is filed in, so
 * each recipient's share is taken by `readsDocumentIn` without a query per recipient.
 */
export async function digestCandidates(
  db: DbOrTx,
  c: Pick<CabinetRules, 'companyId' | 'cabinetId' | 'isSystem' | 'rules'>,
  today: string,
  horizonDays: number,
): Promise<DigestDoc[]> {
  const where = candidateWhere(c, today, horizonDays);
  if (!where) return [];
  return queryRows(
    db,
    sql`select ${candidateColumns},
          array(select dl.cabinet_id::text from document_cabinets dl where dl.document_id = documents.id) as "cabinetIds"
        from documents
        where ${where}
        order by documents.id`,
  );
}

export type SentKey = {
  cabinetId: string;
  ruleKey: string;
  documentId: string;
  deadline: string;
  userId: string;
};

/** Keys per statement: 7 parameters each, under PostgreSQL's 65,535 parameters of one statement. */
export const SENT_KEYS_PER_STATEMENT = 2_000;

/**
 * Inserts the keys not yet there; answers those it inserted (a concurrent run's keys wait for its commit). A
 * recipient's digest may hold tens of thousands of keys (the admin of every cabinet of a large company): they
 * go in statements of SENT_KEYS_PER_STATEMENT, inside the caller's transaction.
 */
export async function insertSentKeys(
  tx: DbOrTx,
  companyId: string,
  outboxId: string,
  keys: SentKey[],
): Promise<SentKey[]> {
  const inserted: SentKey[] = [];
  for (let i = 0; i < keys.length; i += SENT_KEYS_PER_STATEMENT) {
    const chunk = keys.slice(i, i + SENT_KEYS_PER_STATEMENT);
    inserted.push(
      ...(await tx
        .insert(alertSentKeys)
        .values(chunk.map((k) => ({ ...k, companyId, outboxId })))
        .onConflictDoNothing()
        .returning({
          cabinetId: alertSentKeys.cabinetId,
          ruleKey: alertSentKeys.ruleKey,
          documentId: alertSentKeys.documentId,
          deadline: alertSentKeys.deadline,
          userId: alertSentKeys.userId,
        })),
    );
  }
  return inserted;
}

export async function insertOutbox(
  tx: DbOrTx,
  row: typeof alertMailOutbox.$inferInsert,
): Promise<void> {
  await tx.insert(alertMailOutbox).values(row);
}

export type OutboxRow = typeof alertMailOutbox.$inferSelect;

/** One waiting mail, locked: another worker skips it while this one delivers it. */
export async function lockNextPending(tx: DbOrTx): Promise<OutboxRow | null> {
  const [row] = await tx
    .select()
    .from(alertMailOutbox)
    .where(sql`${alertMailOutbox.sentAt} is null`)
    .orderBy(alertMailOutbox.createdAt, alertMailOutbox.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function markSent(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(alertMailOutbox).set({ sentAt: at }).where(eq(alertMailOutbox.id, id));
}

export async function findFeed(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)));
  return row ?? null;
}

export async function replaceFeed(
  db: DbOrTx,
  row: { companyId: string; userId: string; tokenHash: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: row.tokenHash, createdAt: row.createdAt },
    });
}

export async function deleteFeed(db: DbOrTx, companyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.companyId, companyId), eq(calendarFeeds.userId, userId)))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/** The member behind a feed secret, if the feed and the member are still there and he may sign in. */
export async function memberOfFeed(
  db: DbOrTx,
  tokenHash: string,
): Promise<(Recipient & { companyId: string }) | null> {
  const [row] = await queryRows<Recipient & { companyId: string }>(
    db,
    sql`select u.id::text, u.email, u.name, u.company_id::text as "companyId",
          'CompanyAdmin' = any(u.roles) as "isCompanyAdmin"
        from calendar_feeds f join users u on u.id = f.user_id and u.company_id = f.company_id
        where f.token_hash = ${tokenHash}
          and u.status in (${MemberStatus.Valid}, ${MemberStatus.PasswordReset})`,
  );
  return row ?? null;
}
