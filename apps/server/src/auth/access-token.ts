import { SignJWT, createLocalJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import { JWT_ALG, type KeySet } from './signing-keys.ts';

/** Short on purpose (docs/design.md §1): the console's "refresh 30 s before exp" rule (spec §4) is exercised. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** Small and explicit: clocks of site and api hosts may differ a little. */
export const CLOCK_TOLERANCE_SECONDS = 5;

export type AccessClaims = { userId: string; companyId: string; sessionId: string };
export type TokenAudience = { issuer: string; audience: string };

export async function signAccessToken(
  keys: KeySet,
  aud: TokenAudience,
  claims: AccessClaims,
  now = new Date(),
) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ cid: claims.companyId, sid: claims.sessionId })
    .setProtectedHeader({ alg: JWT_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(aud.issuer)
    .setAudience(aud.audience)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(keys.privateKey);
}

/** Verified tokens remembered per verifier: a console sends the same token for up to 5 minutes. */
const VERIFIED_CACHE_SIZE = 10_000;

type Verified = { claims: AccessClaims; exp: number; nbf: number };

/**
 * Verifies a bearer token against the published key set. Only EdDSA is accepted, so `alg: none` and
 * HS256-signed-with-the-public-key tokens fail; exp, iss and aud are required.
 * Returns null for any invalid token (the caller answers 401).
 *
 * The signature, issuer and audience of a given token string never change and the key set is fixed for the
 * verifier's life, so a token verified once is only checked for its time window again: the signature check
 * was the largest share of the API's CPU per request. Session and member are still read on every call.
 */
export function createAccessTokenVerifier(keys: KeySet, aud: TokenAudience) {
  const jwks = createLocalJWKSet(keys.jwks);
  const verified = new Map<string, Verified>();
  const inWindow = (v: Verified, now: Date) => {
    const t = now.getTime() / 1000;
    return v.exp > t - CLOCK_TOLERANCE_SECONDS && v.nbf <= t + CLOCK_TOLERANCE_SECONDS;
  };
  return async (token: string, now = new Date()): Promise<AccessClaims | null> => {
    const known = verified.get(token);
    if (known) return inWindow(known, now) ? known.claims : null;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        algorithms: [JWT_ALG],
        issuer: aud.issuer,
        audience: aud.audience,
        requiredClaims: ['exp', 'sub', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
      });
      const { sub, cid, sid } = payload as { sub?: unknown; cid?: unknown; sid?: unknown };
      if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string')
        return null;
      const claims = { userId: sub, companyId: cid, sessionId: sid };
      // Oldest first out: Map keeps insertion order.
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, {
        claims,
        exp: payload.exp!,
        nbf: payload.nbf ?? Number.NEGATIVE_INFINITY,
      });
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  };
}
