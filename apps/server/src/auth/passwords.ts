/** Password hashing (argon2id, docs/design.md §1) and the password rules of the setup pages. */
import argon2 from 'argon2';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The library default (64 MiB, 4 lanes) took seconds
 * per login on a busy 2-CPU host; the login rate limit bounds guessing, so the baseline is the better trade.
 * Verification reads the parameters from each stored hash, so older hashes keep working.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/**
 * Verifies against a stored hash; with no hash (unknown email, invited member) it verifies against a dummy
 * hash and answers false, so both cases cost the same time and reveal nothing about the account.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false;
  if (!hash) {
    await argon2.verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(crypto.randomUUID()));

/** Japanese messages for a new password, keyed by form field; empty when acceptable. */
export function checkNewPassword(password: string, confirmation: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (password.length === 0) errors.password = 'パスワードを入力してください。';
  else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    errors.password = `パスワードは${PASSWORD_MIN}文字以上${PASSWORD_MAX}文字以内で入力してください。`;
  } else if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    errors.password = 'パスワードには英字と数字をそれぞれ1文字以上含めてください。';
  }
  if (confirmation.length === 0)
    errors.confirmation = '確認のため、もう一度パスワードを入力してください。';
  else if (!errors.password && password !== confirmation)
    errors.confirmation = 'パスワードが一致しません。';
  return errors;
}
