import { compactVerify, createLocalJWKSet } from 'jose';
import { JWT_ALG, type KeySet } from './signing-keys.ts';
import type { TokenAudience } from './access-token.ts';

/**
 * Logout proves possession with the console's current token (docs/design.md §1). A token that expired while the
 * tab slept must still log out, so expiry is not checked here; signature, algorithm, issuer and audience
 * are, and the caller additionally requires `sid` to equal the cookie's session.
 */
export function createLogoutTokenVerifier(keys: KeySet, aud: TokenAudience) {
  const jwks = createLocalJWKSet(keys.jwks);
  return async (token: string): Promise<{ sessionId: string; userId: string } | null> => {
    try {
      const { payload, protectedHeader } = await compactVerify(token, jwks, {
        algorithms: [JWT_ALG],
      });
      if (protectedHeader.alg !== JWT_ALG) return null;
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      const audOk =
        claims.aud === aud.audience ||
        (Array.isArray(claims.aud) && claims.aud.includes(aud.audience));
      if (claims.iss !== aud.issuer || !audOk) return null;
      if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
      return { sessionId: claims.sid, userId: claims.sub };
    } catch {
      return null;
    }
  };
}
