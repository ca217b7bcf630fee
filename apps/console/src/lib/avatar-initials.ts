// Characters that, alone in a round avatar, read as a dash or a minus sign rather than as a name.
const DASH_LIKE = /^[一ー－―‐‑‒–—-]$/u;

/**
 * The avatar's letters: the name's first character, or its first two when the first alone looks like a dash
 * (一般 花子 → 「一般」, not 「一」). Spaces are skipped, so 「ー 太郎」 gives 「ー太」. null when nothing reads
 * as a person (an empty name, or only dashes): the avatar then shows a person icon instead of letters.
 */
export function avatarInitials(name: string): string | null {
  const letters = Array.from(name).filter((c) => !/\s/u.test(c));
  const first = letters[0];
  if (!first) return null;
  if (!DASH_LIKE.test(first)) return first;
  const pair = letters.slice(0, 2);
  return pair.every((c) => DASH_LIKE.test(c)) ? null : pair.join('');
}
