// Characters that, alone in a round avatar, read as a dash or a minus sign rather than as a name.
const DASH_LIKE = /^[一ー－―‐‑‒–—-]$/u;

/**
 * The avatar's letters: the name's first character, or its first two when the first alone looks like a dash
 * (一般 花子 → 「一般」, not 「一」), so the avatar still reads as a person.
 */
export function avatarInitials(name: string): string {
  const chars = Array.from(name.trim());
  const first = chars[0] ?? '';
  if (!first) return '?';
  return DASH_LIKE.test(first) ? chars.slice(0, 2).join('').trim() || first : first;
}
