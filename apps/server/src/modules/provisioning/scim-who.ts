/**
 * The caller the member services see for a SCIM request: the token, acting as a company admin of its own
 * company. Its id is the token's (never a member's, so the self guards never apply); its name is the audit
 * log's actor and the invitation mail's 招待した管理者; the origin's source records 「SCIM」 as the 経路.
 */
import type { AuthContext } from '../../auth/current-user.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import type { ScimCaller } from './provisioning-tokens.service.ts';

export type ScimWho = Pick<AuthContext, 'user' | 'isCompanyAdmin' | 'origin'>;

export const scimWho = (caller: ScimCaller, origin: RequestOrigin): ScimWho => ({
  user: {
    id: caller.tokenId,
    companyId: caller.companyId,
    email: '',
    name: caller.tokenName,
    organization: '',
    roles: ['CompanyAdmin'],
    status: 1,
    mfa: 2,
    hasMfaSecret: false,
  },
  isCompanyAdmin: true,
  origin: { ...origin, source: 'SCIM' },
});
