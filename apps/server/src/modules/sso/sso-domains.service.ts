/**
 * SSO domains (docs/design.md "Single sign-on"): a company admin claims an email domain, publishes the TXT
 * record shown, and verifies it. Only a verified domain routes unknown addresses to the company's IdP (the
 * login page) and lets JIT create members there, and a verified domain has one owner: otherwise any company
 * could send another's addresses, or gmail.com's, to its own IdP and create members the real owner can never add.
 */
import { randomBytes } from 'node:crypto';
import {
  isPublicMailDomain,
  SSO_DOMAIN_TXT_LABEL,
  SSO_DOMAIN_TXT_PREFIX,
  SSO_DOMAINS_MAX,
  type TSsoDomain,
} from '@cloudsign/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import * as repo from './sso-domains.repository.ts';
import { DnsUnavailable, txtRecords } from './sso-domains.dns.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;

const taken = () =>
  new AppError('conflict', 'このドメインは別の組織が所有を確認済みのため、登録・確認できません。');

export const txtNameOf = (domain: string) => `${SSO_DOMAIN_TXT_LABEL}.${domain}`;

function toDomain(row: repo.SsoDomainRow): TSsoDomain {
  return {
    id: row.id,
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'unverified',
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    txtName: txtNameOf(row.domain),
    txtValue: `${SSO_DOMAIN_TXT_PREFIX}${row.token}`,
  };
}

const target = (row: repo.SsoDomainRow) => ({
  type: 'ssoDomain' as const,
  id: row.id,
  name: row.domain,
});

export async function findDomains(deps: AppDeps, who: Who) {
  const rows = await repo.listDomains(deps.database.db, who.user.companyId);
  return { domains: rows.map(toDomain) };
}

/** A new claim, unverified: it routes nothing until its TXT record is published and verified. */
export async function addDomain(deps: AppDeps, who: Who, domain: string): Promise<TSsoDomain> {
  const db = deps.database.db;
  const companyId = who.user.companyId;
  if (isPublicMailDomain(domain))
    throw fieldError(
      'domain',
      `「${domain}」は誰でもメールアドレスを作れる公開のメールサービスのドメインのため、登録できません。`,
    );
  const owner = await repo.verifiedOwnerOf(db, domain);
  if (owner && owner !== companyId) throw taken();
  if ((await repo.countDomains(db, companyId)) >= SSO_DOMAINS_MAX)
    throw fieldError('domain', `ドメインは${SSO_DOMAINS_MAX}件まで登録できます。`);
  const now = deps.clock();
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertDomain(
        tx,
        { companyId, domain, token: randomBytes(16).toString('hex') },
        now,
      );
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'sso.domainAdded',
        target: target(row),
        details: { domain, txtName: txtNameOf(domain) },
        occurredAt: now,
      });
      return toDomain(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, repo.COMPANY_DOMAIN_KEY))
      throw new AppError('conflict', 'このドメインはすでに登録されています。');
    throw err;
  }
}

/**
 * Looks the TXT record up now (at `_cloudsign.<domain>` or the domain itself) and marks the claim verified when
 * it carries this claim's value. Verifying again is harmless: a verified claim answers as it is.
 */
export async function verifyDomain(deps: AppDeps, who: Who, id: string): Promise<TSsoDomain> {
  const db = deps.database.db;
  const companyId = who.user.companyId;
  const row = await repo.findDomain(db, companyId, id);
  if (!row) throw notFound();
  if (row.verifiedAt) return toDomain(row);
  const owner = await repo.verifiedOwnerOf(db, row.domain);
  if (owner && owner !== companyId) throw taken();
  if (isPublicMailDomain(row.domain))
    throw new AppError(
      'invalid_state',
      `「${row.domain}」は公開のメールサービスのドメインのため、確認できません。削除してください。`,
    );
  const expected = `${SSO_DOMAIN_TXT_PREFIX}${row.token}`;
  const found = await lookUp(deps, row.domain, expected);
  if (!found.includes(expected)) throw mismatch(row.domain, expected, found);
  const now = deps.clock();
  try {
    return await db.transaction(async (tx) => {
      const verified = await repo.markVerified(tx, companyId, id, now);
      // Removed by another admin while DNS was asked.
      if (!verified) throw notFound();
      await recordAuditEvent(tx, {
        ...auditBy(who),
        action: 'sso.domainVerified',
        target: target(verified),
        details: { domain: verified.domain, txtName: txtNameOf(verified.domain) },
        occurredAt: now,
      });
      return toDomain(verified);
    });
  } catch (err) {
    // Another company verified the same domain between our look-up and our write.
    if (isUniqueViolation(err, repo.VERIFIED_DOMAIN_KEY)) throw taken();
    throw err;
  }
}

/**
 * The TXT values at both places the record may be published. One place answering with the value is enough;
 * only when it is found nowhere and a place did not answer is nothing concluded (503, not a refusal).
 */
async function lookUp(deps: AppDeps, domain: string, expected: string) {
  const servers = deps.env.DNS_SERVERS;
  const answers = await Promise.allSettled([
    txtRecords(servers, txtNameOf(domain)),
    txtRecords(servers, domain),
  ]);
  const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  const failed = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
  if (found.includes(expected) || failed.length === 0) return found;
  const other = failed.find((e) => !(e instanceof DnsUnavailable));
  if (other) throw other;
  deps.logger.warn(
    { err: failed.map((e) => (e as Error).message) },
    'sso domain verification: DNS did not answer',
  );
  throw new AppError(
    'unavailable',
    'DNS サーバーから応答がなかったため、ドメインを確認できませんでした。時間をおいてもう一度お試しください。',
  );
}

function mismatch(domain: string, expected: string, found: string[]) {
  const ours = found.filter((v) => v.startsWith(SSO_DOMAIN_TXT_PREFIX));
  const message =
    ours.length > 0
      ? `${txtNameOf(domain)} の TXT レコードの値が、このドメインの確認用の値と一致しません。「${expected}」を登録してください。`
      : `${txtNameOf(domain)} に TXT レコード「${expected}」が見つかりませんでした。DNS に登録し、反映されてからもう一度お試しください。`;
  return new AppError('invalid_state', message);
}

/** The claim goes; if it was verified, unknown addresses of the domain stop going to the IdP at once. */
export async function removeDomain(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  const now = deps.clock();
  await deps.database.db.transaction(async (tx) => {
    const row = await repo.deleteDomain(tx, companyId, id);
    if (!row) throw notFound();
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'sso.domainRemoved',
      target: target(row),
      details: { domain: row.domain, wasVerified: !!row.verifiedAt },
      occurredAt: now,
    });
  });
  return { ok: true as const };
}
