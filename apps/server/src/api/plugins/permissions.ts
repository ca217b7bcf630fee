/**
 * Permissions are declared on the route, one line each, as immich declares them on its controllers:
 *
 *   { preValidation: requirePermission('companyAdmin'), schema: … }
 *
 * The check runs before the body and query are validated, so a caller without the permission gets 403 and
 * learns nothing from a 400 that would describe the route. Rules about one resource (this cabinet, this
 * document) stay in the services; these are the ones known from the caller alone.
 */
import type { FastifyRequest } from 'fastify';
import { canReadAuditLog, isSsoPlan, type ErrorCode } from '@cloudsign/contract';
import { AppError } from '../../lib/app-error.ts';

/** `message`: what the 403 says when the rule's own reason is clearer than the code's default text. */
type Rule = { allows: (request: FastifyRequest) => boolean; refusal: ErrorCode; message?: string };

const RULES = {
  // docs/design.md §1: members, member groups, bulk operations and creating cabinets are a company admin's.
  companyAdmin: { allows: (request) => request.auth.isCompanyAdmin, refusal: 'forbidden' },
  // Spec §5: document-attribute bulk edit exists on the enterprise plan only.
  enterprisePlan: {
    allows: (request) => request.auth.company.plan === 'enterprise',
    refusal: 'enterprise_plan_required',
  },
  // SAML single sign-on exists on the business and enterprise plans (the console hides it on the others).
  ssoPlan: {
    allows: (request) => isSsoPlan({ company: request.auth.company }),
    refusal: 'forbidden',
    message:
      'SSO（シングルサインオン）はビジネスプランとエンタープライズプランでご利用いただけます。',
  },
  // The audit log: the company's flag, a plan including it and the caller's own 監査ログ閲覧権限.
  auditor: {
    allows: (request) =>
      canReadAuditLog({ roles: request.auth.user.roles, company: request.auth.company }),
    refusal: 'forbidden',
  },
  // The member list: a company admin, or a caller naming a cabinet, whose administration the service checks
  // next (the cabinet must be looked up first: another company's is 404, never 403).
  companyAdminOrNamedCabinet: {
    allows: (request) =>
      request.auth.isCompanyAdmin ||
      typeof (request.query as { cabinetId?: unknown }).cabinetId === 'string',
    refusal: 'forbidden',
  },
} satisfies Record<string, Rule>;

export type Permission = keyof typeof RULES;

/**
 * A `preValidation` hook refusing callers that lack any of the permissions, checked in the order given.
 * `message` replaces the error's default text where the 403 should say why (e.g. classification rules).
 */
export function requirePermission(
  permissions: Permission | readonly Permission[],
  options: { message?: string } = {},
) {
  return async (request: FastifyRequest) => checkPermission(request, permissions, options);
}

/** The same check, synchronous: it throws the refusal. */
export function checkPermission(
  request: FastifyRequest,
  permissions: Permission | readonly Permission[],
  options: { message?: string } = {},
) {
  for (const permission of [permissions].flat()) {
    const rule: Rule = RULES[permission];
    if (!rule.allows(request)) throw new AppError(rule.refusal, options.message ?? rule.message);
  }
}
