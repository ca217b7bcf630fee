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

/**
 * Characters typed with a Japanese input mode (IME) on: full-width letters, digits and symbols, the
 * ideographic space, kana and kanji (East Asian Wide/Fullwidth). A password holding one was almost always
 * typed by mistake, and typing it normally later fails.
 */
const FULL_WIDTH =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF01-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

export const hasFullWidth = (password: string) => FULL_WIDTH.test(password);

/**
 * The password as it would have been typed with the input mode off: full-width letters, digits, symbols and
 * spaces folded to ASCII (NFKC). Null when folding changes nothing or leaves a character no keyboard types
 * in half width (kana, kanji): then there is no other password the person can have meant.
 */
export function halfWidthOf(password: string): string | null {
  if (!hasFullWidth(password)) return null;
  const folded = password.normalize('NFKC');
  return hasFullWidth(folded) ? null : folded;
}

export const FULL_WIDTH_REFUSED =
  'パスワードは半角英数字・記号で入力してください（全角文字が含まれています）';

/** Japanese messages for a new password, keyed by form field; empty when acceptable. */
export function checkNewPassword(password: string, confirmation: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (password.length === 0) errors.password = 'パスワードを入力してください。';
  else if (hasFullWidth(password)) errors.password = FULL_WIDTH_REFUSED;
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
