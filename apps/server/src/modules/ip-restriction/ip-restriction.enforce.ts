/**
 * The check every request of a signed-in member (site and API) and every SCIM call goes through: is the
 * client address, as TRUSTED_PROXIES lets us know it (request.ip), inside the company's ranges for the scope?
 * Outside, under 記録のみ or 制限する, the use is recorded (ipRestriction.refused), at most once per address
 * and scope every RECORD_EVERY_MS and RECORD_PER_COMPANY_PER_HOUR per company on each process, so a flood
 * from one address, or from many, cannot fill the audit log. Only 制限する refuses.
 */
import { ipRefusedMessage, type TIpRestrictionScope } from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { scopeRule } from './ip-restriction.cache.ts';
import { findCompany } from '../company-settings/company-settings.service.ts';
import { canonicalAddress } from '../../lib/http/ip-ranges.ts';

export const RECORD_EVERY_MS = 10 * 60 * 1000;
export const RECORD_PER_COMPANY_PER_HOUR = 100;
const MAX_KEYS = 50_000;

const lastRecorded = new Map<string, number>();
const companyBudget = new Map<string, { since: number; count: number }>();

function mayRecord(companyId: string, scope: string, address: string, now: number): boolean {
  const key = `${companyId}|${scope}|${address}`;
  const last = lastRecorded.get(key);
  if (last !== undefined && now - last < RECORD_EVERY_MS) return false;
  let budget = companyBudget.get(companyId);
  if (!budget || now - budget.since >= 3600_000) {
    budget = { since: now, count: 0 };
    if (companyBudget.size >= MAX_KEYS) companyBudget.clear();
    companyBudget.set(companyId, budget);
  }
  if (budget.count >= RECORD_PER_COMPANY_PER_HOUR) return false;
  budget.count += 1;
  lastRecorded.delete(key);
  if (lastRecorded.size >= MAX_KEYS) lastRecorded.delete(lastRecorded.keys().next().value!);
  lastRecorded.set(key, now);
  return true;
}

/** Tests start each case with an empty record of what was recorded. */
export const forgetRecordedRefusals = () => {
  lastRecorded.clear();
  companyBudget.clear();
};

export type IpCheckSubject = {
  companyId: string;
  /** The company's name for the event; read from the database when not at hand (a SCIM call). */
  companyName?: string;
  /** The member (console, SSO) or null for a SCIM token, whose name is `actorName`. */
  actor: { id: string; name: string; email: string } | null;
  origin: RequestOrigin;
};

export type IpVerdict = { outcome: 'allowed' } | { outcome: 'logged' | 'refused'; address: string };

/** Decides, and records a use from outside the ranges; never throws for the decision itself. */
export async function checkIpAddress(
  deps: AppDeps,
  subject: IpCheckSubject,
  scope: TIpRestrictionScope,
  surface: 'site' | 'api' | 'scim' | 'sso',
): Promise<IpVerdict> {
  const rule = await scopeRule(deps.database, subject.companyId, scope);
  if (rule.mode === 'off') return { outcome: 'allowed' };
  const address = canonicalAddress(subject.origin.ip) ?? subject.origin.ip;
  if (rule.allows(address)) return { outcome: 'allowed' };
  const outcome = rule.mode === 'enforce' ? 'refused' : 'logged';
  if (mayRecord(subject.companyId, scope, address, deps.clock().getTime())) {
    await recordAuditEvent(deps.database.db, {
      companyId: subject.companyId,
      actor: subject.actor,
      origin: subject.origin,
      action: 'ipRestriction.refused',
      target: {
        type: 'company',
        id: subject.companyId,
        name:
          subject.companyName ??
          (await findCompany(deps.database.db, subject.companyId))?.name ??
          '',
      },
      details: { scope, ipMode: rule.mode, address, surface },
    });
  }
  return { outcome, address };
}

/** The API's refusal: 403 `ip_not_allowed` naming the address seen. */
export const ipRefusal = (address: string) =>
  new AppError('ip_not_allowed', ipRefusedMessage(address), [
    { path: 'address', message: address },
  ]);
