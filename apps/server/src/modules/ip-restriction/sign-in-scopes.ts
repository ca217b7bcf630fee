/**
 * The one decision of the IP address restriction for a sign-in that opens a console session (docs/design.md
 * "IP address restriction"). Every such sign-in is decided before its session is made by the console scope,
 * which would refuse the session's first request anyway; a sign-in through the IdP is decided by the SSO scope
 * first. Each scope records a use from outside its list (checkIpAddress); only 制限する refuses. The caller
 * records its own auth.signInFailed and shows the address.
 */
import type { AppDeps } from '../../deps.ts';
import { checkIpAddress, type IpCheckSubject } from './ip-restriction.enforce.ts';

export type SignInPath = 'password' | 'sso';

/** The address the sign-in is refused from, or null to go on (no origin: an internal call, never refused). */
export async function refusedSignInFrom(
  deps: AppDeps,
  subject: Omit<IpCheckSubject, 'origin'> & { origin: IpCheckSubject['origin'] | undefined },
  path: SignInPath,
): Promise<string | null> {
  const { origin } = subject;
  if (!origin) return null;
  const surface = path === 'sso' ? 'sso' : 'site';
  const scopes = path === 'sso' ? (['sso', 'console'] as const) : (['console'] as const);
  for (const scope of scopes) {
    const verdict = await checkIpAddress(deps, { ...subject, origin }, scope, surface);
    if (verdict.outcome === 'refused') return verdict.address;
  }
  return null;
}
