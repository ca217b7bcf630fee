/**
 * The site's sign-in paths against the company's IP address restriction: a password sign-in, a reset link and
 * an invitation open a console session, decided before the session is made (ip-restriction/sign-in-scopes.ts,
 * which decides SSO sign-in at the ACS too). A refused sign-in makes no session and is recorded as
 * auth.signInFailed (`ip_not_allowed`) beside the ipRestriction.refused the check itself records; the page
 * names the address.
 */
import { ipRefusedMessage } from '@cloudsign/contract';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { refusedSignInFrom } from '../ip-restriction/sign-in-scopes.ts';
import { recordSignInFailure } from './sign-in-audit.ts';
import { linkButton, sendMessage } from '../../site/render.ts';

type Member = { id: string; companyId: string; name: string; email: string };

/** The address a sign-in is refused from under the console scope's 制限する (recorded), or null to go on. */
export async function refusedSignInAddress(
  deps: AppDeps,
  user: Member,
  origin: RequestOrigin | undefined,
): Promise<string | null> {
  const address = await refusedSignInFrom(
    deps,
    {
      companyId: user.companyId,
      actor: { id: user.id, name: user.name, email: user.email },
      origin,
    },
    'password',
  );
  if (address === null) return null;
  await recordSignInFailure(deps.database.db, user, 'ip_not_allowed', origin);
  return address;
}

/** The page of a link that did its work (a password set) but opens no session from this address. */
export const signInRefusedPage = (reply: FastifyReply, title: string, address: string) =>
  sendMessage(reply, {
    title,
    message: `${ipRefusedMessage(address)}社内のネットワークからログインしてください。`,
    status: 403,
    action: linkButton('/login', 'ログイン画面へ'),
  });
