/** The only SQL of provisioning: tokens, the IdP's external ids and the request log. */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import {
  companies,
  provisioningExternalIds,
  provisioningLog,
  provisioningTokens,
  users,
} from '../../db/schema.ts';

export type TokenRow = typeof provisioningTokens.$inferSelect;
export type ScimResourceType = 'User' | 'Group';

/** Serialises token creation per company, so two admins cannot both create the fifth. */
export async function lockCompany(tx: DbOrTx, companyId: string) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
}

export async function countActiveTokens(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(provisioningTokens)
    .where(and(eq(provisioningTokens.companyId, companyId), isNull(provisioningTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function insertToken(db: DbOrTx, values: typeof provisioningTokens.$inferInsert) {
  const [row] = await db.insert(provisioningTokens).values(values).returning();
  return row!;
}

const tokenColumns = {
  id: provisioningTokens.id,
  name: provisioningTokens.name,
  createdAt: provisioningTokens.createdAt,
  firstUsedAt: provisioningTokens.firstUsedAt,
  lastUsedAt: provisioningTokens.lastUsedAt,
  revokedAt: provisioningTokens.revokedAt,
  creatorName: users.name,
  creatorEmail: users.email,
};
export type TokenListRow = {
  id: string;
  name: string;
  createdAt: Date;
  firstUsedAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  creatorName: string | null;
  creatorEmail: string | null;
};

/** Unrevoked first, newest first within each. */
export function listTokens(db: DbOrTx, companyId: string): Promise<TokenListRow[]> {
  return db
    .select(tokenColumns)
    .from(provisioningTokens)
    .leftJoin(users, eq(users.id, provisioningTokens.createdBy))
    .where(eq(provisioningTokens.companyId, companyId))
    .orderBy(sql`${provisioningTokens.revokedAt} is not null`, desc(provisioningTokens.createdAt))
    .limit(100);
}

export async function findTokenListRow(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select(tokenColumns)
    .from(provisioningTokens)
    .leftJoin(users, eq(users.id, provisioningTokens.createdBy))
    .where(and(eq(provisioningTokens.companyId, companyId), eq(provisioningTokens.id, id)));
  return row ?? null;
}

export async function findToken(db: DbOrTx, companyId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(provisioningTokens)
    .where(and(eq(provisioningTokens.companyId, companyId), eq(provisioningTokens.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * Every SCIM request looks its token up: prepared once per handle, neither the ORM nor PostgreSQL builds or
 * plans it again (db/prepared.ts).
 */
const tokenByHash = preparedPerHandle((db: DbOrTx) =>
  db
    .select()
    .from(provisioningTokens)
    .where(eq(provisioningTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('provisioning_token_by_hash'),
);

export async function findTokenByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await tokenByHash(db).execute({ tokenHash });
  return row ?? null;
}

export async function revokeToken(db: DbOrTx, id: string, now: Date) {
  await db.update(provisioningTokens).set({ revokedAt: now }).where(eq(provisioningTokens.id, id));
}

/** True once: for the request that used the token first (the audited one). */
export async function markFirstUse(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(provisioningTokens)
    .set({ firstUsedAt: now, lastUsedAt: now })
    .where(and(eq(provisioningTokens.id, id), isNull(provisioningTokens.firstUsedAt)))
    .returning({ id: provisioningTokens.id });
  return rows.length > 0;
}

/** At most once a minute per token: a full sync's thousands of requests do not queue on one row. */
export async function touchToken(db: DbOrTx, id: string, now: Date) {
  await db
    .update(provisioningTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(provisioningTokens.id, id),
        or(
          isNull(provisioningTokens.lastUsedAt),
          lt(provisioningTokens.lastUsedAt, new Date(now.getTime() - 60_000)),
        ),
      ),
    );
}

export async function setExternalId(
  db: DbOrTx,
  companyId: string,
  resourceType: ScimResourceType,
  resourceId: string,
  externalId: string | null,
) {
  if (externalId === null) {
    await db
      .delete(provisioningExternalIds)
      .where(
        and(
          eq(provisioningExternalIds.resourceType, resourceType),
          eq(provisioningExternalIds.resourceId, resourceId),
        ),
      );
    return;
  }
  await db
    .insert(provisioningExternalIds)
    .values({ companyId, resourceType, resourceId, externalId })
    .onConflictDoUpdate({
      target: [provisioningExternalIds.resourceType, provisioningExternalIds.resourceId],
      set: { externalId },
    });
}

/** The external ids of resources made in one statement (new resources: nothing to replace). */
export async function insertExternalIds(
  db: DbOrTx,
  companyId: string,
  resourceType: ScimResourceType,
  rows: readonly { resourceId: string; externalId: string }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(provisioningExternalIds)
    .values(rows.map((r) => ({ companyId, resourceType, ...r })))
    .onConflictDoUpdate({
      target: [provisioningExternalIds.resourceType, provisioningExternalIds.resourceId],
      set: { externalId: sql`excluded.external_id` },
    });
}

export async function externalIdsOf(
  db: DbOrTx,
  companyId: string,
  resourceType: ScimResourceType,
  ids: string[],
) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      id: provisioningExternalIds.resourceId,
      externalId: provisioningExternalIds.externalId,
    })
    .from(provisioningExternalIds)
    .where(
      and(
        eq(provisioningExternalIds.companyId, companyId),
        eq(provisioningExternalIds.resourceType, resourceType),
        inArray(provisioningExternalIds.resourceId, ids),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.externalId]));
}

export type LogRow = Omit<typeof provisioningLog.$inferInsert, 'id'>;

/** Several requests' lines in one statement (scim-log-writer.ts). */
export async function insertLogs(db: DbOrTx, rows: LogRow[]) {
  if (rows.length > 0) await db.insert(provisioningLog).values(rows);
}

export function listLog(db: DbOrTx, companyId: string, since: Date) {
  return db
    .select()
    .from(provisioningLog)
    .where(and(eq(provisioningLog.companyId, companyId), gte(provisioningLog.occurredAt, since)))
    .orderBy(desc(provisioningLog.occurredAt), asc(provisioningLog.id))
    .limit(200);
}

export async function purgeLog(db: DbOrTx, before: Date) {
  const rows = await db
    .delete(provisioningLog)
    .where(lt(provisioningLog.occurredAt, before))
    .returning({ id: provisioningLog.id });
  return rows.length;
}
