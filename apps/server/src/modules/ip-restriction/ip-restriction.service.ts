/**
 * 企業設定 › IPアドレス制限 (docs/design.md "IP address restriction"): read, preview the impact, save. A save
 * runs in one transaction under the company row's lock, checks the version the admin started from, refuses a
 * console list that leaves out the admin's own address (unless 無効 or 記録のみ), and is audited.
 */
import {
  IP_IMPACT_DAYS,
  IP_OWN_ADDRESS_REFUSED,
  IP_RESTRICTION_MODE_LABELS,
  IP_RESTRICTION_SCOPES,
  type TIpRestriction,
  type TIpRestrictionPreview,
  type TIpScopeSetting,
  ZUpdateIpRestrictionRequest,
} from '@cloudsign/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, type ExpectedVersion } from '../../lib/http/if-match.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { findCompany } from '../company-settings/company-settings.service.ts';
import * as repo from './ip-restriction.repository.ts';
import { forgetCompany, scopesOf, type StoredScopes } from './ip-restriction.cache.ts';
import { canonicalAddress, rangeMatcher } from '../../lib/http/ip-ranges.ts';

type Who = Pick<AuthContext, 'user' | 'company' | 'origin'>;
export type IpRestrictionBody = z.output<typeof ZUpdateIpRestrictionRequest>;

const addressOf = (who: Who) => {
  const ip = who.origin?.ip ?? '';
  return canonicalAddress(ip) ?? ip;
};

export async function getRestriction(deps: AppDeps, who: Who): Promise<TIpRestriction> {
  const row = await repo.selectRestriction(deps.database.db, who.user.companyId);
  return { ...scopesOf(row?.scopes), version: row?.version ?? 0, currentAddress: addressOf(who) };
}

/** Members who signed in from outside the new console ranges in the last 30 days, with where and when. */
export async function previewRestriction(
  deps: AppDeps,
  who: Who,
  body: IpRestrictionBody,
): Promise<TIpRestrictionPreview> {
  const since = new Date(deps.clock().getTime() - IP_IMPACT_DAYS * 86_400_000);
  const allows = rangeMatcher(body.console.ranges.map((r) => r.cidr));
  const rows = await repo.signInsByAddress(deps.database.db, who.user.companyId, since);
  const byMember = new Map<string, TIpRestrictionPreview['members'][number]>();
  let signIns = 0;
  for (const r of rows) {
    signIns += r.count;
    // A sign-in recorded without an address (imported history) says nothing about the list.
    const address = canonicalAddress(r.address);
    if (address === null) continue;
    if (body.console.mode === 'off' || allows(address)) continue;
    const key = r.userId ?? r.email;
    const member = byMember.get(key) ?? {
      id: r.userId ?? '',
      name: r.name,
      email: r.email,
      addresses: [],
    };
    member.addresses.push({ address, lastAt: r.lastAt.toISOString(), count: r.count });
    byMember.set(key, member);
  }
  const members = [...byMember.values()].sort((a, b) => a.email.localeCompare(b.email));
  for (const m of members) m.addresses.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  const current = addressOf(who);
  return {
    since: since.toISOString(),
    signIns,
    members,
    currentAddress: current,
    currentAddressAllowed: allows(current),
  };
}

/** The console list must keep the saving admin in, when it will be enforced. */
function assertOwnAddressKept(who: Who, body: IpRestrictionBody) {
  if (body.console.mode !== 'enforce') return;
  const current = addressOf(who);
  if (rangeMatcher(body.console.ranges.map((r) => r.cidr))(current)) return;
  const message = IP_OWN_ADDRESS_REFUSED(current);
  throw new AppError('validation_failed', message, [{ path: 'console.ranges', message }]);
}

const rangeWords = (s: TIpScopeSetting) =>
  s.ranges.map((r) => (r.memo ? `${r.cidr}（${r.memo}）` : r.cidr));

/** `{ consoleMode: {before, after}, consoleRanges: {before, after}, … }` of what changed, in words. */
function changedScopes(before: StoredScopes, after: StoredScopes) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const s of IP_RESTRICTION_SCOPES) {
    if (before[s].mode !== after[s].mode)
      out[`${s}Mode`] = { before: before[s].mode, after: after[s].mode };
    const b = rangeWords(before[s]);
    const a = rangeWords(after[s]);
    if (JSON.stringify(b) !== JSON.stringify(a)) out[`${s}Ranges`] = { before: b, after: a };
  }
  return out;
}

export async function updateRestriction(
  deps: AppDeps,
  who: Who,
  body: IpRestrictionBody,
  expected: ExpectedVersion,
): Promise<TIpRestriction> {
  assertOwnAddressKept(who, body);
  const companyId = who.user.companyId;
  const preview = await previewRestriction(deps, who, body);
  await deps.database.db.transaction(async (tx) => {
    // The company row is the lock: the first save of a company has no ip_restrictions row to lock yet.
    const company = await findCompany(tx, companyId, { forUpdate: true });
    if (!company) throw new AppError('not_found');
    const row = await repo.selectRestriction(tx, companyId, { forUpdate: true });
    const version = row?.version ?? 0;
    assertVersion(expected, version);
    const before = scopesOf(row?.scopes);
    const after: StoredScopes = { console: body.console, scim: body.scim, sso: body.sso };
    const changed = changedScopes(before, after);
    // The same list saved again changes nothing: no new version, no event (as the other settings).
    if (Object.keys(changed).length === 0) return;
    await repo.saveRestriction(tx, companyId, after, version + 1, deps.clock());
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'ipRestriction.changed',
      target: { type: 'company', id: companyId, name: company.name },
      details: { ...changed, affected: preview.members.map((m) => ({ id: m.id, name: m.name })) },
    });
  });
  forgetCompany(deps.database, companyId);
  return getRestriction(deps, who);
}

export const modeLabel = (mode: keyof typeof IP_RESTRICTION_MODE_LABELS) =>
  IP_RESTRICTION_MODE_LABELS[mode];
