/**
 * Bearer tokens that outlive a long benchmark: access tokens expire after 5 minutes
 * (ACCESS_TOKEN_TTL_SECONDS), and a run on a loaded machine takes longer than that, so every request
 * then answers 401. `refresh()` signs new ones when the current ones are older than two minutes; call it
 * before each row. The array is updated in place, so readers holding it see the new tokens.
 */
import type { AppDeps } from '../../apps/server/src/deps.ts';
import { signIn } from '../../apps/server/test/support/fixtures.ts';

const MAX_AGE_MS = 2 * 60_000;

export type FreshTokens = { tokens: string[]; refresh: () => Promise<void> };

export async function freshTokens(
  deps: AppDeps,
  users: readonly { id: string; companyId: string }[],
): Promise<FreshTokens> {
  const tokens: string[] = [];
  let signedAt = 0;
  const refresh = async () => {
    if (Date.now() - signedAt < MAX_AGE_MS) return;
    const sessions = await Promise.all(users.map((u) => signIn(deps, u)));
    tokens.splice(0, tokens.length, ...sessions.map((s) => s.jwt));
    signedAt = Date.now();
  };
  await refresh();
  return { tokens, refresh };
}
