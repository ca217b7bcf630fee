/**
 * TOTP (RFC 6238, via otplib) and single-use backup codes (docs/design.md §1). Backup codes are stored
 * argon2id-hashed; one is removed atomically when used, so two concurrent uses cannot both succeed.
 */
import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { authenticator } from 'otplib';
import type { DbOrTx } from '../db/client.ts';
import { removeBackupCode } from './mfa.repository.ts';

export { claimTotpStep, enableMfa } from './mfa.repository.ts';

export const TOTP_ISSUER = 'クラウドサイン';
export const TOTP_STEP_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
/** No 0/O, 1/I/L: codes are typed from paper. */
const BACKUP_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const newTotpSecret = () => authenticator.generateSecret(20);

export const otpauthUri = (email: string, secret: string) =>
  authenticator.keyuri(email, TOTP_ISSUER, secret);

/** The time step of a valid code (±1 step for clock drift), or null. */
export function matchTotp(code: string, secret: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = authenticator.clone({ epoch: now.getTime(), step: TOTP_STEP_SECONDS, window: 1 });
  const delta = totp.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS) + delta;
}

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Upper-case, no spaces or hyphens, full-width folded: what the member typed, as stored. */
export const normalizeBackupCode = (code: string) =>
  code.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '');

// Codes carry ~50 bits of entropy: a light argon2id cost is plenty and keeps a 10-code scan fast.
const BACKUP_HASH = {
  type: argon2.argon2id,
  memoryCost: 4096,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashBackupCodes = (codes: string[]) =>
  Promise.all(codes.map((c) => argon2.hash(normalizeBackupCode(c), BACKUP_HASH)));

/** Uses up a matching backup code; false when none matches or it was just used by another request. */
export async function useBackupCode(
  db: DbOrTx,
  user: { id: string; mfaBackupCodes: string[] },
  code: string,
) {
  const typed = normalizeBackupCode(code);
  if (!/^[A-Z0-9]{10}$/.test(typed)) return false;
  for (const hash of user.mfaBackupCodes) {
    const ok = await argon2.verify(hash, typed).catch(() => false);
    if (!ok) continue;
    return removeBackupCode(db, user.id, hash);
  }
  return false;
}
