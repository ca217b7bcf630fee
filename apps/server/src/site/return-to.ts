/**
 * Where to go after login (issue 2: "a return_to may only point at our own origin"). Only a relative path
 * with a single leading slash is kept; `//host`, `/\host` (browsers treat `\` as `/`), schemes, control
 * characters and anything that resolves to another origin fall back to `/`.
 */
export function safeReturnTo(value: unknown, siteUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const base = new URL(siteUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** `?return_to=` for links between the login steps; omitted when it is just the root. */
export const returnToQuery = (returnTo: string) => (returnTo === '/' ? '' : `?return_to=${encodeURIComponent(returnTo)}`);
