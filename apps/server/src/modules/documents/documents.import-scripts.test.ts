/**
 * A PDF carrying JavaScript is refused at import (docs/decisions.md "PDFs that carry scripts"): the browser's
 * viewer would run it over the console (app.response is a password prompt). Every PDF is served with
 * `Content-Security-Policy: sandbox`. The PDFs are built here with pdf-lib's low-level objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFHexString, PDFName, type PDFDict } from 'pdf-lib';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocumentsWorld, type DocumentsWorld } from '../../../test/support/documents.world.ts';
import { jsAction, openAction, pdfWith, type Build } from '../../../test/support/script-pdfs.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const SCRIPT_REFUSED =
  'PDFにJavaScript（開いたときなどに動くプログラム）が含まれているため、インポートできません。JavaScriptを含まないPDFを選んでください。';

const namesJavaScript: Build = (doc) => {
  const tree = doc.context.obj({
    Names: [PDFHexString.fromText('start'), doc.context.register(jsAction(doc))],
  });
  doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: tree }));
};
const pageAdditionalAction: Build = (doc) =>
  doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: jsAction(doc) }));
const linkAction: Build = (doc) => {
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 200, 200],
    A: jsAction(doc),
  });
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
};

async function importFile(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('cabinetId', w.cabinets.contracts.id);
  form.append('files', new Blob([bytes], { type: 'application/pdf' }), name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...w.headers.admin, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    results: ({ ok: true; documentId: string } | { ok: false; error: object })[];
  }>().results[0]!;
}

describe('a PDF that carries JavaScript is refused at import', () => {
  it.each([
    ['an /OpenAction script', openAction, true],
    ['an /OpenAction script (no object streams)', openAction, false],
    ['a document-level script (/Names /JavaScript)', namesJavaScript, true],
    ['a page /AA (additional action) script', pageAdditionalAction, true],
    ['a link whose action is a script', linkAction, true],
  ])('%s', async (_what, build, useObjectStreams) => {
    const result = await importFile('契約書.pdf', await pdfWith(build, { useObjectStreams }));
    expect(result).toEqual({
      filename: '契約書.pdf',
      ok: false,
      error: { code: 'unsupported_media_type', message: SCRIPT_REFUSED },
    });
  });

  it('a script behind a name spelled with lower-case hex escapes (/#4aS) is found too', async () => {
    const plain = await pdfWith(openAction, { useObjectStreams: false });
    const disguised = Buffer.from(
      plain.toString('latin1').replace('/JS ', '/#4aS ').replace('/JavaScript', '/J#61vaScript'),
      'latin1',
    );
    expect(disguised.includes('/JS ')).toBe(false);
    expect(await importFile('契約書.pdf', disguised)).toMatchObject({
      ok: false,
      error: { message: SCRIPT_REFUSED },
    });
  });

  it('an encrypted PDF, whose objects cannot be read, is refused with its own message', async () => {
    const bytes = await pdfWith((doc) => {
      const encrypt = doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 });
      (doc.context.trailerInfo as { Encrypt?: PDFDict }).Encrypt = encrypt;
    });
    expect(await importFile('保護.pdf', bytes)).toEqual({
      filename: '保護.pdf',
      ok: false,
      error: {
        code: 'unsupported_media_type',
        message:
          'パスワードで保護（暗号化）されたPDFは、中身を確認できないためインポートできません。保護を解除したPDFを選んでください。',
      },
    });
  });
});

describe('PDFs are served sandboxed', () => {
  it('a PDF without scripts is imported and answered with Content-Security-Policy: sandbox', async () => {
    const bytes = await pdfWith(() => undefined);
    const result = await importFile('普通の契約書.pdf', bytes);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const detail = await app.inject({
      method: 'GET',
      url: `/documents/${result.documentId}`,
      headers: w.headers.admin,
    });
    const fileId = detail.json<{ document: { files: { id: string }[] } }>().document.files[0]!.id;
    for (const query of ['', '?download=1']) {
      const res = await app.inject({
        method: 'GET',
        url: `/documents/${result.documentId}/files/${fileId}${query}`,
        headers: w.headers.admin,
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
