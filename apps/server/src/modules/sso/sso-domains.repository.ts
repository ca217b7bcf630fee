/**
 * The only SQL of SSO domains: a company's claims, their verification, who owns a verified domain, and the
 * one rule of which company an unknown address of a domain goes to.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, ssoDomains, ssoSettings } from '../../db/schema.ts';

export type SsoDomainRow = typeof ssoDomains.$inferSelect;
/** The partial unique index that lets one company only hold a domain verified. */
export const VERIFIED_DOMAIN_KEY = 'sso_domains_verified_domain_key';
export const COMPANY_DOMAIN_KEY = 'sso_domains_company_domain_key';

export function listDomains(db: DbOrTx, companyId: string) {
  return db
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId))
    .orderBy(asc(ssoDomains.domain));
}

export async function countDomains(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId));
  return row?.n ?? 0;
}

/** The company's own claim; another company's id is no row at all. */
export async function findDomain(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's claim of this domain, verified or not. */
export async function findDomainByName(db: DbOrTx, companyId: string, domain: string) {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.domain, domain)))
    .limit(1);
  return row ?? null;
}

/** The company that has verified this domain, if any (at most one: the partial unique index). */
export async function verifiedOwnerOf(db: DbOrTx, domain: string) {
  const [row] = await db
    .select({ companyId: ssoDomains.companyId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row?.companyId ?? null;
}

/**
 * The company an unknown address of this domain belongs to: the one that verified the domain (an unproven claim
 * routes nobody), with SSO on, the enterprise plan and JIT on. The login page sends the address to its IdP and
 * the ACS lets JIT create it there by this same rule, so the two never disagree.
 */
export async function findJitCompanyForDomain(db: DbOrTx, domain: string) {
  const [row] = await db
    .select({ companyId: ssoSettings.companyId })
    .from(ssoDomains)
    .innerJoin(ssoSettings, eq(ssoSettings.companyId, ssoDomains.companyId))
    .innerJoin(companies, eq(companies.id, ssoDomains.companyId))
    .where(
      and(
        eq(ssoDomains.domain, domain),
        isNotNull(ssoDomains.verifiedAt),
        eq(companies.isEnabledFederatedIdentity, true),
        eq(companies.plan, 'enterprise'),
        eq(ssoSettings.jitEnabled, true),
      ),
    )
    .limit(1);
  return row?.companyId ?? null;
}

export async function insertDomain(
  db: DbOrTx,
  row: { companyId: string; domain: string; token: string },
  now: Date,
) {
  const [created] = await db
    .insert(ssoDomains)
    .values({ ...row, createdAt: now })
    .returning();
  return created!;
}

export async function markVerified(db: DbOrTx, companyId: string, id: string, now: Date) {
  const [row] = await db
    .update(ssoDomains)
    .set({ verifiedAt: now })
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDomain(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.companyId, companyId), eq(ssoDomains.id, id)))
    .returning();
  return row ?? null;
}
