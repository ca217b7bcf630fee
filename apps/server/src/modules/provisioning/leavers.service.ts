/**
 * Leavers from provisioning (issue 34, docs/design.md "Leavers from provisioning"). A deactivation the
 * company's IdP asks for is 利用停止, never a deletion: in the same transaction, what the leaver held (a cabinet
 * he administers alone, documents he sent) is handed to a 移管先 by the company's rule and the hand-over is
 * in the audit event. More than the brake's number of deactivations within an hour are not applied: they wait
 * for an admin's 「適用する」 or 「取り消す」, and the admins are mailed once when the brake engages.
 */
import {
  MemberStatus,
  defaultBrakeThreshold,
  type TDeactivationQueue,
  type TLeaverSettings,
  type TUpdateLeaverSettingsRequest,
} from '@cloudsign/contract';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { assertVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditBy, changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { memberAuditTarget } from '../members/member-mappers.ts';
import { findMember } from '../members/members.service.ts';
import { deactivateWithHandOver } from '../members/member-status.service.ts';
import { brakeEngagedJob } from './leavers-mail.ts';
import * as repo from './leavers.repository.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;
type Deps = Pick<AppDeps, 'database' | 'clock' | 'jobs'>;

/** Who asked: the provisioning token (its id and name are the audit actor), with the request's origin. */
export type ProvisioningActor = { id: string; name: string; origin?: RequestOrigin };

export type ProvisioningDeactivation =
  | { state: 'applied'; successor: { id: string; name: string; email: string } | null }
  | { state: 'queued' }
  | { state: 'unchanged' };

const HOUR_MS = 3600_000;

const scimOrigin = (actor: ProvisioningActor): RequestOrigin => ({
  ip: actor.origin?.ip ?? '',
  userAgent: actor.origin?.userAgent ?? '',
  requestId: actor.origin?.requestId ?? '',
  source: 'SCIM',
});
/** The token as the one who acts (no address), for auditBy. */
const byToken = (companyId: string, actor: ProvisioningActor) => ({
  user: { id: actor.id, name: actor.name, email: '', companyId },
  origin: scimOrigin(actor),
});

async function thresholdOf(db: DbOrTx, companyId: string, s: repo.LeaverSettingsRow) {
  return s.brakeThreshold ?? defaultBrakeThreshold(await repo.countMembers(db, companyId));
}

/**
 * The 移管先 of a leaver by the rule: under 「キャビネットのほかの管理者」 another active admin of a cabinet he
 * administers, else the named member; under 「指定したメンバー」 the named member. When the one the rule names
 * cannot take over (none named, 利用停止, gone, the leaver himself), the company's first active 組織管理権限
 * holder does, so nothing is left without an owner while someone can hold it.
 */
async function successorFor(tx: DbOrTx, companyId: string, leaverId: string) {
  const s = await repo.findSettings(tx, companyId);
  const candidates: (string | null)[] = [];
  if (s.successorRule === 'cabinetAdmins')
    candidates.push(await repo.findCabinetCoAdmin(tx, companyId, leaverId));
  candidates.push(s.fallbackMemberId);
  candidates.push(await repo.findOtherCompanyAdmin(tx, companyId, leaverId));
  for (const id of candidates) {
    if (!id || id === leaverId) continue;
    const m = await findMember(tx, companyId, id, { forUpdate: true });
    if (m && m.status !== MemberStatus.Deactivated && m.status !== MemberStatus.Invalid)
      return { member: m, rule: s.successorRule };
  }
  return null;
}

/**
 * The first lock of a provisioning deactivation (the company row), for a caller that writes the member in the
 * same transaction before asking for it: taken first, the locks come in the one order every deactivation uses.
 */
export const lockForDeactivation = (tx: DbOrTx, companyId: string) =>
  repo.lockCompanyForBrake(tx, companyId);

/**
 * What provisioning calls for `active: false`: applied at once with the hand-over, or queued behind the brake.
 * Asking again for a member already in 利用停止 or already waiting changes nothing.
 */
export async function applyProvisioningDeactivation(
  deps: Deps,
  args: { companyId: string; memberId: string; actor: ProvisioningActor },
): Promise<ProvisioningDeactivation> {
  const { companyId, memberId, actor } = args;
  return deps.database.db.transaction(async (tx) => {
    await repo.lockCompanyForBrake(tx, companyId);
    const member = await findMember(tx, companyId, memberId);
    if (!member) throw notFound();
    if (member.status === MemberStatus.Deactivated) return { state: 'unchanged' as const };
    if (await repo.findQueuedFor(tx, companyId, memberId)) return { state: 'unchanged' as const };
    const now = deps.clock();
    const settings = await repo.findSettings(tx, companyId);
    const threshold = await thresholdOf(tx, companyId, settings);
    const brake = await repo.brakeState(tx, companyId, new Date(now.getTime() - HOUR_MS));
    const base = { companyId, memberId, tokenId: actor.id, tokenName: actor.name, at: now };
    // While rows wait, later ones wait too: an IdP's bad scoping that goes on past the hour stays held.
    if (brake.queued > 0 || brake.applied >= threshold) {
      await repo.insertDeactivation(tx, { ...base, state: 'queued' });
      await recordAuditEvent(tx, {
        ...auditBy(byToken(companyId, actor)),
        action: 'provisioning.deactivationQueued',
        target: memberAuditTarget(member),
        details: { threshold, count: brake.applied },
        occurredAt: now,
      });
      if (brake.queued === 0)
        await deps.jobs.send(
          brakeEngagedJob,
          { companyId, threshold, tokenName: actor.name, at: now.toISOString() },
          { tx, companyId },
        );
      return { state: 'queued' as const };
    }
    const done = await deactivateWithHandOver(
      tx,
      deps,
      byToken(companyId, actor),
      memberId,
      successorFor,
    );
    if (done.state === 'applied') await repo.insertDeactivation(tx, { ...base, state: 'applied' });
    return done;
  });
}

/**
 * Reactivation from provisioning drops the member's waiting deactivation (it was never applied); the
 * caller's 利用再開 then restores access as the console's does. Returns whether one was waiting.
 */
export async function dropQueuedDeactivation(
  deps: Pick<AppDeps, 'database'>,
  args: { companyId: string; memberId: string },
) {
  return deps.database.db.transaction(
    async (tx) => (await repo.dropQueuedFor(tx, args.companyId, args.memberId)).length > 0,
  );
}

// ── Console: the settings and the queue (company admins) ─────────────────────────────────────────────────

async function toSettings(
  db: DbOrTx,
  companyId: string,
  s: repo.LeaverSettingsRow,
): Promise<TLeaverSettings> {
  const memberCount = await repo.countMembers(db, companyId);
  const fallback = s.fallbackMemberId ? await findMember(db, companyId, s.fallbackMemberId) : null;
  return {
    successorRule: s.successorRule,
    fallbackMember: fallback
      ? { id: fallback.id, name: fallback.name, email: fallback.email }
      : null,
    brakeThreshold: s.brakeThreshold,
    effectiveThreshold: s.brakeThreshold ?? defaultBrakeThreshold(memberCount),
    memberCount,
    version: s.version,
    updatedAt: (s.updatedAt ?? new Date(0)).toISOString(),
  };
}

export async function getLeaverSettings(deps: Pick<AppDeps, 'database'>, who: Who) {
  const db = deps.database.db;
  return toSettings(db, who.user.companyId, await repo.findSettings(db, who.user.companyId));
}

/** Versioned like 企業設定: If-Match names `version`; the named member must hold 組織管理権限 and be active. */
export async function updateLeaverSettings(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  who: Who,
  body: TUpdateLeaverSettingsRequest,
  expected: ExpectedVersion,
) {
  const companyId = who.user.companyId;
  return deps.database.db.transaction(async (tx) => {
    await repo.lockCompanyForBrake(tx, companyId);
    const current = await repo.findSettings(tx, companyId, true);
    assertVersion(expected, String(current.version));
    const nameOf = async (id: string | null) => {
      const m = id ? await findMember(tx, companyId, id) : null;
      return m ? (m.name ? `${m.name} <${m.email}>` : m.email) : null;
    };
    if (body.fallbackMemberId) {
      const m = await findMember(tx, companyId, body.fallbackMemberId);
      if (!m) throw fieldError('fallbackMemberId', '指定した移管先のメンバーが見つかりません。');
      if (!m.roles.includes('CompanyAdmin'))
        throw fieldError(
          'fallbackMemberId',
          '移管先には組織管理権限を持つメンバーを指定してください。',
        );
      if (m.status === MemberStatus.Deactivated || m.status === MemberStatus.Invalid)
        throw fieldError(
          'fallbackMemberId',
          '利用停止中または招待中のメンバーは移管先にできません。',
        );
    } else if (body.successorRule === 'fallback') {
      throw fieldError(
        'fallbackMemberId',
        '「指定したメンバー」に引き継ぐときは、移管先のメンバーを指定してください。',
      );
    }
    const next = {
      successorRule: body.successorRule,
      fallbackMemberId: body.fallbackMemberId,
      brakeThreshold: body.brakeThreshold,
    };
    const changed: Record<string, { before: unknown; after: unknown }> = changes(
      current as Record<string, unknown>,
      next,
      ['successorRule', 'brakeThreshold'],
    );
    if (current.fallbackMemberId !== next.fallbackMemberId)
      changed.fallbackMember = {
        before: await nameOf(current.fallbackMemberId),
        after: await nameOf(next.fallbackMemberId),
      };
    if (Object.keys(changed).length === 0) return toSettings(tx, companyId, current);
    const saved = { ...next, version: current.version + 1, updatedAt: deps.clock() };
    await repo.saveSettings(tx, companyId, saved);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'provisioning.leaverSettingsChanged',
      target: { type: 'company', id: companyId, name: '' },
      details: changed,
    });
    return toSettings(tx, companyId, saved);
  });
}

export async function getQueue(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  who: Who,
): Promise<TDeactivationQueue> {
  const db = deps.database.db;
  const companyId = who.user.companyId;
  const rows = await repo.findQueued(db, companyId, null);
  const since = new Date(deps.clock().getTime() - HOUR_MS);
  const brake = await repo.brakeState(db, companyId, since);
  return {
    queued: rows.map((r) => ({
      id: r.id,
      member: { id: r.memberId, name: r.name, email: r.email },
      requestedAt: r.requestedAt,
      tokenName: r.tokenName,
    })),
    appliedLastHour: brake.applied,
    threshold: await thresholdOf(db, companyId, await repo.findSettings(db, companyId)),
  };
}

/**
 * 「適用する」: each waiting row is applied as provisioning would have (the hand-over included), the admin as
 * actor; rows decided meanwhile are skipped. A row refused by the last-admin rule stops the whole decision.
 */
export async function applyQueued(deps: Deps, who: Who, ids: readonly string[] | null) {
  const companyId = who.user.companyId;
  return deps.database.db.transaction(async (tx) => {
    await repo.lockCompanyForBrake(tx, companyId);
    const rows = await repo.findQueued(tx, companyId, ids, true);
    if (ids && rows.length === 0) throw notFound();
    const now = deps.clock();
    for (const r of rows) {
      await deactivateWithHandOver(tx, deps, who, r.memberId, successorFor);
      await repo.decide(tx, companyId, r.id, { state: 'applied', at: now, by: who.user });
    }
    if (rows.length > 0)
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'provisioning.deactivationsApplied',
        target: { type: 'company', id: companyId, name: '' },
        details: { count: rows.length, members: rows.map((r) => r.email) },
        occurredAt: now,
      });
    return { count: rows.length };
  });
}

/** 「取り消す」: the waiting rows are dropped; the members stay as they are (有効). */
export async function cancelQueued(deps: Deps, who: Who, ids: readonly string[] | null) {
  const companyId = who.user.companyId;
  return deps.database.db.transaction(async (tx) => {
    await repo.lockCompanyForBrake(tx, companyId);
    const rows = await repo.findQueued(tx, companyId, ids, true);
    if (ids && rows.length === 0) throw notFound();
    const now = deps.clock();
    for (const r of rows)
      await repo.decide(tx, companyId, r.id, { state: 'cancelled', at: now, by: who.user });
    if (rows.length > 0)
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'provisioning.deactivationsCancelled',
        target: { type: 'company', id: companyId, name: '' },
        details: { count: rows.length, members: rows.map((r) => r.email) },
        occurredAt: now,
      });
    return { count: rows.length };
  });
}
