import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';

export const JWT_ALG = 'EdDSA';

export type KeySet = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Published at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
};

/**
 * The EdDSA key pair every site and api instance on one database shares. Created once, by whichever
 * instance starts first; `on conflict do nothing` makes concurrent first starts agree on one key.
 */
export async function loadSigningKeys(db: Db): Promise<KeySet> {
  let [row] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = crypto.randomUUID();
    await db
      .insert(signingKeys)
      .values({
        kid,
        publicJwk: await exportJWK(publicKey),
        privateJwk: await exportJWK(privateKey),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  }
  if (!row) throw new Error('signing key could not be created');
  const publicJwk = { ...(row.publicJwk as JWK), kid: row.kid, alg: JWT_ALG, use: 'sig' };
  return {
    kid: row.kid,
    privateKey: (await importJWK(row.privateJwk as JWK, JWT_ALG)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, JWT_ALG)) as CryptoKey,
    jwks: { keys: [publicJwk] },
  };
}
