/** multipart/form-data bodies built byte by byte, so tests can send what no browser would (raw names, NULs, cut-off parts). */

export type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; contentType?: string; bytes: Buffer };

export function multipartBody(parts: Part[], opts: { truncate?: boolean } = {}) {
  const boundary = `----fuzz${crypto.randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    // The header is written as bytes, not re-encoded: a name may carry a NUL or a path exactly as sent.
    const disposition =
      p.kind === 'field'
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.filename.replaceAll('"', '%22')}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'),
    );
    chunks.push(p.kind === 'field' ? Buffer.from(p.value, 'utf8') : p.bytes);
    chunks.push(Buffer.from('\r\n'));
  }
  if (!opts.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest bytes the import accepts as a PDF (starts `%PDF-`, ends `%%EOF`). */
export const tinyPdf = (label = 'fuzz') =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

/** A real zip archive's first bytes (local file header), as an .xlsx or a zip renamed to .csv/.pdf starts. */
export const zipBytes = () =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
    Buffer.from('\u0000\u0000\u0000\u0000members.csv', 'latin1'),
    Buffer.alloc(64, 0x9c),
    Buffer.from([0x50, 0x4b, 0x05, 0x06]),
    Buffer.alloc(18, 0),
  ]);
