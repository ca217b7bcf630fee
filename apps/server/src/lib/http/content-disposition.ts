/**
 * RFC 6266 / RFC 5987 `Content-Disposition`: the UTF-8 name for modern browsers, an ASCII fallback for the
 * rest (non-printable-ASCII, `"` and `\` become `_`). Names are always chosen by the server, never taken from
 * the request. `inline` opens in the browser (PDF documents); `attachment` saves (CSV files).
 */
export function contentDisposition(
  type: 'inline' | 'attachment',
  filename: string,
  asciiFallback = filename,
): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
