/**
 * Every sign-in path against the company's IP address restriction (docs/design.md "IP address restriction"):
 * a password sign-in, a reset link and an invitation open a console session, so the console scope decides
 * before the session is made. A refused sign-in makes no session and is recorded as auth.signInFailed
 * (`ip_not_allowed`) beside the ipRestriction.refused the check itself records; the page names the address.
 * SSO sign-in is decided by the SSO scope at the ACS (sso-signin.service.ts).
 */
import { ipRefusedMessage } from '@cloudsign/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { RequestOrigin } from '../modules/audit-log/audit-log.record.ts';
import { checkIpAddress } from '../modules/ip-restriction/ip-restriction.enforce.ts';
import { recordSignInFailure } from './sign-in-audit.ts';
import { linkButton, sendMessage } from './render.ts';

type Member = { id: string; companyId: string; name: string; email: string };

/** The address a sign-in is refused from under the console scope's 制限する, or null to go on. */
export async function refusedSignInAddress(
  deps: AppDeps,
  user: Member,
  origin: RequestOrigin | undefined,
): Promise<string | null> {
  if (!origin) return null;
  const verdict = await checkIpAddress(
    deps,
    {
      companyId: user.companyId,
      actor: { id: user.id, name: user.name, email: user.email },
      origin,
    },
    'console',
    'site',
  );
  if (verdict.outcome !== 'refused') return null;
  await recordSignInFailure(deps.database.db, user, 'ip_not_allowed', origin);
  return verdict.address;
}

/** The page of a link that did its work (a password set) but opens no session from this address. */
export const signInRefusedPage = (reply: FastifyReply, title: string, address: string) =>
  sendMessage(reply, {
    title,
    message: `${ipRefusedMessage(address)}社内のネットワークからログインしてください。`,
    status: 403,
    action: linkButton('/login', 'ログイン画面へ'),
  });
