/** Multipart bodies of the crash script's document imports: a cabinet id, then small valid-looking PDFs. */
export const PDF_BYTES = 160 * 1024;

export function pdfBytes(i: number): Buffer {
  const head = Buffer.from(`%PDF-1.7\n% crash test file ${i}\n`);
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(PDF_BYTES - head.length - tail.length, 0x20), tail]);
}

export function importBody(cabinetId: string, files: number) {
  const boundary = `----crash${crypto.randomUUID()}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cabinetId"\r\n\r\n${cabinetId}\r\n`,
    ),
  ];
  for (let i = 0; i < files; i += 1) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="crash-${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdfBytes(i),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
