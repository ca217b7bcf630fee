/**
 * Leavers from provisioning (leavers.service.ts): the company's successor rule and brake, the deactivations
 * provisioning asked for, and the successor candidates. Every query is scoped by company.
 */
import { sql } from 'drizzle-orm';
import { MemberStatus } from '@cloudsign/contract';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, queryRows } from '../../db/query-rows.ts';

export type LeaverSettingsRow = {
  successorRule: 'cabinetAdmins' | 'fallback';
  fallbackMemberId: string | null;
  brakeThreshold: number | null;
  version: number;
  updatedAt: Date | null;
};

export const DEFAULT_SETTINGS: LeaverSettingsRow = {
  successorRule: 'cabinetAdmins',
  fallbackMemberId: null,
  brakeThreshold: null,
  version: 0,
  updatedAt: null,
};

/** The company's row, or the defaults when none was saved; `forUpdate` locks it (the save's check). */
export async function findSettings(db: DbOrTx, companyId: string, forUpdate = false) {
  const [row] = await queryRows<LeaverSettingsRow & { updatedAt: string | Date }>(
    db,
    sql`select successor_rule as "successorRule", fallback_member_id as "fallbackMemberId",
          brake_threshold as "brakeThreshold", version, updated_at as "updatedAt"
        from provisioning_leaver_settings where company_id = ${companyId}::uuid
        ${forUpdate ? sql`for update` : sql``}`,
  );
  return row ? { ...row, updatedAt: new Date(row.updatedAt) } : DEFAULT_SETTINGS;
}

export async function saveSettings(
  tx: DbOrTx,
  companyId: string,
  s: Omit<LeaverSettingsRow, 'updatedAt'> & { updatedAt: Date },
) {
  await tx.execute(sql`
    insert into provisioning_leaver_settings (company_id, successor_rule, fallback_member_id, brake_threshold, version, updated_at)
    values (${companyId}::uuid, ${s.successorRule}, ${s.fallbackMemberId}::uuid, ${s.brakeThreshold}::int, ${s.version}, ${s.updatedAt.toISOString()}::timestamptz)
    on conflict (company_id) do update set successor_rule = excluded.successor_rule,
      fallback_member_id = excluded.fallback_member_id, brake_threshold = excluded.brake_threshold,
      version = excluded.version, updated_at = excluded.updated_at`);
}

/** Serialises provisioning deactivations of one company (the brake's count), without blocking other writes. */
export async function lockCompanyForBrake(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select id from companies where id = ${companyId}::uuid for no key update`);
}

export async function countMembers(db: DbOrTx, companyId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where company_id = ${companyId}::uuid`,
  );
  return row?.n ?? 0;
}

/** Deactivations provisioning applied on its own (not an admin's 適用する) since `since`, and whether any wait. */
export async function brakeState(db: DbOrTx, companyId: string, since: Date) {
  const [row] = await queryRows<{ applied: number; queued: number }>(
    db,
    sql`select
          count(*) filter (where state = 'applied' and decided_at is null and requested_at > ${since.toISOString()}::timestamptz)::int as applied,
          count(*) filter (where state = 'queued')::int as queued
        from provisioning_deactivations where company_id = ${companyId}::uuid`,
  );
  return { applied: row?.applied ?? 0, queued: row?.queued ?? 0 };
}

export async function findQueuedFor(db: DbOrTx, companyId: string, memberId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from provisioning_deactivations
        where company_id = ${companyId}::uuid and member_id = ${memberId}::uuid and state = 'queued'`,
  );
  return row ?? null;
}

export async function insertDeactivation(
  tx: DbOrTx,
  r: {
    companyId: string;
    memberId: string;
    tokenId: string | null;
    tokenName: string;
    state: 'applied' | 'queued';
    at: Date;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into provisioning_deactivations (company_id, member_id, token_id, token_name, state, requested_at)
        values (${r.companyId}::uuid, ${r.memberId}::uuid, ${r.tokenId}::uuid, ${r.tokenName}, ${r.state}, ${r.at.toISOString()}::timestamptz)
        returning id`,
  );
  return row!.id;
}

export type QueuedRow = {
  id: string;
  memberId: string;
  name: string;
  email: string;
  requestedAt: string;
  tokenId: string | null;
  tokenName: string;
};

/** Waiting rows, oldest first; `ids` null = all of them. `forUpdate` locks them for the decision. */
export async function findQueued(
  db: DbOrTx,
  companyId: string,
  ids: readonly string[] | null,
  forUpdate = false,
) {
  return queryRows<QueuedRow>(
    db,
    sql`select d.id, d.member_id as "memberId", u.name, u.email, d.token_id as "tokenId", d.token_name as "tokenName",
          to_char(d.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "requestedAt"
        from provisioning_deactivations d join users u on u.id = d.member_id
        where d.company_id = ${companyId}::uuid and d.state = 'queued'
          ${ids ? sql`and d.id = any(${pgArray(ids)}::uuid[])` : sql``}
        order by d.requested_at, d.id
        ${forUpdate ? sql`for update of d` : sql``}`,
  );
}

export async function decide(
  tx: DbOrTx,
  companyId: string,
  id: string,
  r: { state: 'applied' | 'cancelled'; at: Date; by: { id: string; name: string } },
) {
  await tx.execute(sql`
    update provisioning_deactivations set state = ${r.state}, decided_at = ${r.at.toISOString()}::timestamptz,
      decided_by = ${r.by.id}::uuid, decided_by_name = ${r.by.name}
    where company_id = ${companyId}::uuid and id = ${id}::uuid and state = 'queued'`);
}

/** A member's waiting deactivation, dropped when provisioning reactivates him before an admin decided. */
export async function dropQueuedFor(tx: DbOrTx, companyId: string, memberId: string) {
  return queryRows<{ id: string }>(
    tx,
    sql`update provisioning_deactivations set state = 'cancelled', decided_at = now()
        where company_id = ${companyId}::uuid and member_id = ${memberId}::uuid and state = 'queued' returning id`,
  );
}

/**
 * Another admin of a cabinet the leaver administers, active (有効 or パスワード再設定待ち), by name: the
 * 「キャビネットのほかの管理者」 rule's successor.
 */
export async function findCabinetCoAdmin(db: DbOrTx, companyId: string, leaverId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select u.id from cabinet_admins mine
          join cabinets c on c.id = mine.cabinet_id and c.company_id = ${companyId}::uuid
          join cabinet_admins other on other.cabinet_id = mine.cabinet_id and other.user_id <> mine.user_id
          join users u on u.id = other.user_id and u.company_id = ${companyId}::uuid
        where mine.user_id = ${leaverId}::uuid
          and u.status = any(${`{${MemberStatus.Valid},${MemberStatus.PasswordReset}}`}::smallint[])
        order by u.name, u.email, u.id limit 1`,
  );
  return row?.id ?? null;
}

/** The company's first active 組織管理権限 holder other than the leaver (the last resort). */
export async function findOtherCompanyAdmin(db: DbOrTx, companyId: string, leaverId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from users
        where company_id = ${companyId}::uuid and id <> ${leaverId}::uuid and roles @> '{CompanyAdmin}'::text[]
          and status = any(${`{${MemberStatus.Valid},${MemberStatus.PasswordReset}}`}::smallint[])
        order by created_at, id limit 1`,
  );
  return row?.id ?? null;
}
