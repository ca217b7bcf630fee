import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the OS CSPRNG, URL-safe: used for session cookies and one-time links. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/**
 * Only the hash is stored (sessions, password-setup links): a leaked database row cannot be replayed.
 * Same encoding as signIn in test/support/fixtures.ts, so test sessions and real ones look alike.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
