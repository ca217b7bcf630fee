import { isSsoPlan } from '@cloudsign/contract';
import { FatalError } from '../../lib/fatal-error.ts';
import type { Middleware } from './types.ts';

export const SSO_PLAN_MESSAGE =
  'SSO設定はビジネスプラン・エンタープライズプランの機能です。ご契約中のプランではご利用いただけません。';

/** SAML single sign-on belongs to the business and enterprise plans: others get the 403 page saying so. */
export const ssoPlan: Middleware = ({ user }) => {
  if (!user || !isSsoPlan(user)) throw new FatalError(403, SSO_PLAN_MESSAGE);
};
