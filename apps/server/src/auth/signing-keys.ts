import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Db } from '../db/client.ts';
import { insertKey, selectOldestKey } from './signing-keys.repository.ts';

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
  let row = await selectOldestKey(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = crypto.randomUUID();
    await insertKey(db, {
      kid,
      publicJwk: await exportJWK(publicKey),
      privateJwk: await exportJWK(privateKey),
    });
    row = await selectOldestKey(db);
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
