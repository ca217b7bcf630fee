/** The permission rules, without a database or an app: each refusal's exact code, status and Japanese text. */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RULES_NEED_COMPANY_ADMIN } from '@cloudsign/contract';
import { requirePermission } from './permissions.ts';

const caller = (who: { isCompanyAdmin: boolean; plan?: string; query?: Record<string, unknown> }) =>
  ({
    auth: { isCompanyAdmin: who.isCompanyAdmin, company: { plan: who.plan ?? 'standard' } },
    query: who.query ?? {},
  }) as unknown as FastifyRequest;

/** What the error handler turns a refusal into: its code, status and message, or 'allowed'. */
async function outcome(hook: (request: FastifyRequest) => Promise<void>, request: FastifyRequest) {
  try {
    await hook(request);
    return 'allowed';
  } catch (err) {
    const { code, status, message } = err as { code: string; status: number; message: string };
    return { code, status, message };
  }
}

const FORBIDDEN = { code: 'forbidden', status: 403, message: 'この操作を行う権限がありません。' };

describe('requirePermission', () => {
  it('companyAdmin: a company admin passes, anyone else gets 403 with the default or the given reason', async () => {
    expect(await outcome(requirePermission('companyAdmin'), caller({ isCompanyAdmin: true }))).toBe(
      'allowed',
    );
    expect(
      await outcome(requirePermission('companyAdmin'), caller({ isCompanyAdmin: false })),
    ).toEqual(FORBIDDEN);
    const rules = requirePermission('companyAdmin', { message: RULES_NEED_COMPANY_ADMIN });
    expect(await outcome(rules, caller({ isCompanyAdmin: false }))).toEqual({
      ...FORBIDDEN,
      message: RULES_NEED_COMPANY_ADMIN,
    });
  });

  it('companyAdminOrNamedCabinet: an admin, or a caller naming a cabinet (checked later by the service), passes', async () => {
    const hook = requirePermission('companyAdminOrNamedCabinet');
    expect(await outcome(hook, caller({ isCompanyAdmin: true }))).toBe('allowed');
    expect(
      await outcome(hook, caller({ isCompanyAdmin: false, query: { cabinetId: 'anything' } })),
    ).toBe('allowed');
    expect(
      await outcome(hook, caller({ isCompanyAdmin: false, query: { cabinetId: ['a', 'b'] } })),
    ).toEqual(FORBIDDEN);
    expect(await outcome(hook, caller({ isCompanyAdmin: false }))).toEqual(FORBIDDEN);
  });

  it('auditor: only while the audit log is on, on a plan that has it, for 監査ログ閲覧権限 alone', async () => {
    const hook = requirePermission('auditor');
    const who = (roles: string[], auditLog: boolean, plan = 'enterprise') =>
      ({
        auth: { user: { roles }, roles: new Set(roles), company: { auditLog, plan } },
        query: {},
      }) as unknown as FastifyRequest;
    expect(await outcome(hook, who(['CompanyAuditor'], true))).toBe('allowed');
    expect(await outcome(hook, who(['CompanyAdmin'], true))).toEqual(FORBIDDEN);
    expect(await outcome(hook, who(['CompanyAuditor'], false))).toEqual(FORBIDDEN);
    expect(await outcome(hook, who(['CompanyAuditor'], true, 'business'))).toEqual(FORBIDDEN);
  });

  it('SSO settings: company admins on the business and enterprise plans; others are told why', async () => {
    const hook = requirePermission(['companyAdmin', 'ssoPlan']);
    expect(await outcome(hook, caller({ isCompanyAdmin: true, plan: 'business' }))).toBe('allowed');
    expect(await outcome(hook, caller({ isCompanyAdmin: true, plan: 'enterprise' }))).toBe(
      'allowed',
    );
    expect(await outcome(hook, caller({ isCompanyAdmin: false, plan: 'light' }))).toEqual(
      FORBIDDEN,
    );
    expect(await outcome(hook, caller({ isCompanyAdmin: true, plan: 'light' }))).toEqual({
      code: 'forbidden',
      status: 403,
      message:
        'SSO（シングルサインオン）はビジネスプランとエンタープライズプランでご利用いただけます。',
    });
  });

  it('several permissions are checked in the order given: the plan before the role', async () => {
    const hook = requirePermission(['enterprisePlan', 'companyAdmin']);
    expect(await outcome(hook, caller({ isCompanyAdmin: true, plan: 'enterprise' }))).toBe(
      'allowed',
    );
    expect(await outcome(hook, caller({ isCompanyAdmin: false, plan: 'enterprise' }))).toEqual(
      FORBIDDEN,
    );
    expect(await outcome(hook, caller({ isCompanyAdmin: false, plan: 'standard' }))).toEqual({
      code: 'enterprise_plan_required',
      status: 403,
      message: 'この機能はエンタープライズプランでご利用いただけます。',
    });
  });
});
