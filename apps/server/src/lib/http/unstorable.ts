/**
 * Characters PostgreSQL cannot store: U+0000 (text refuses it) and lone UTF-16 surrogates (UTF-8 and jsonb
 * refuse them). Input carrying either fails deep in a statement as a 500 unless refused up front; the API
 * (api/plugins/reject-nul.ts) and the site (site/input-guard.ts) both use this.
 */
export const MSG_NUL =
  '使用できない文字（NUL 文字、または対になっていないサロゲート文字）が含まれています。';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/**
 * The dotted path of a string (or key) holding a character that cannot be stored, or null. Walked with an explicit stack, not
 * recursion: a body may be nested thousands deep, which must be a 400 from validation, not a stack overflow.
 */
export function findUnstorable(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (unstorable(key)) return at;
      stack.push({ value: v, path: at });
    }
  }
  return null;
}
