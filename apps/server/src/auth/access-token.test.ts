import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  CLOCK_TOLERANCE_SECONDS,
  createAccessTokenVerifier,
  signAccessToken,
} from './access-token.ts';
import { JWT_ALG, type KeySet } from './signing-keys.ts';

const aud = { issuer: 'http://localhost:3000', audience: 'http://localhost:3001' };
const claims = { userId: 'u1', companyId: 'c1', sessionId: 's1' };

async function keySet(): Promise<KeySet> {
  const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, {
    crv: 'Ed25519',
    extractable: true,
  });
  const kid = crypto.randomUUID();
  return {
    kid,
    privateKey,
    publicKey,
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' }] },
  };
}

let keys: KeySet;
beforeAll(async () => {
  keys = await keySet();
});

const at = (iso: string, plusSeconds = 0) => new Date(new Date(iso).getTime() + plusSeconds * 1000);

describe('access token verifier (tokens verified once are remembered)', () => {
  it('accepts the same token again within its window and refuses it once it has expired', async () => {
    const issued = at('2026-11-22T09:00:00Z');
    const token = await signAccessToken(keys, aud, claims, issued);
    const verify = createAccessTokenVerifier(keys, aud);
    expect(await verify(token, issued)).toEqual(claims);
    expect(await verify(token, at('2026-11-22T09:00:00Z', ACCESS_TOKEN_TTL_SECONDS - 1))).toEqual(
      claims,
    );
    expect(
      await verify(
        token,
        at('2026-11-22T09:00:00Z', ACCESS_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS),
      ),
    ).toBeNull();
  });

  it('refuses a remembered token before its not-before time, as the first check would', async () => {
    const issued = at('2026-11-22T09:00:00Z');
    const token = await signAccessToken(keys, aud, claims, issued);
    const verify = createAccessTokenVerifier(keys, aud);
    expect(await verify(token, issued)).toEqual(claims);
    expect(
      await verify(token, at('2026-11-22T09:00:00Z', -CLOCK_TOLERANCE_SECONDS - 1)),
    ).toBeNull();
  });

  it('never remembers a refusal: a token of another key, audience or a tampered payload stays refused', async () => {
    const issued = new Date();
    const verify = createAccessTokenVerifier(keys, aud);
    const foreign = await signAccessToken(await keySet(), aud, claims, issued);
    const otherAudience = await signAccessToken(
      keys,
      { ...aud, audience: 'http://elsewhere' },
      claims,
      issued,
    );
    const [h, , s] = (await signAccessToken(keys, aud, claims, issued)).split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', cid: 'c1', sid: 's1', exp: 9e9, iat: 0 })).toString('base64url')}.${s}`;
    for (const token of [foreign, otherAudience, tampered]) {
      expect(await verify(token, issued)).toBeNull();
      expect(await verify(token, issued)).toBeNull();
    }
  });
});
