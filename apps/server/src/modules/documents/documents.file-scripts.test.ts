/**
 * A PDF stored before the import's script check (or by any other path) is never given to the console's viewer
 * when it carries scripts (docs/decisions.md "PDFs that carry scripts"): the console shows PDFs from a `blob:`
 * URL, outside the answer's sandbox. The files here go into storage directly, bypassing the import, as old
 * data did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { documentFiles } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import {
  errorOf,
  makeDocumentsWorld,
  makeDocumentWithParts,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { scriptPdf } from '../../../test/support/script-pdfs.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

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

const NOT_SHOWN =
  'このPDFにはJavaScript（開いたときなどに動くプログラム）が含まれているため、安全のためコンソールでは表示できません。ダウンロードしてファイルとして保存することはできます。';

/** A document whose stored file holds `bytes`, written straight to storage with no verdict (as before the check). */
async function storedDocument(bytes: Buffer) {
  const made = await makeDocumentWithParts(deps, w.company.id, {
    cabinetIds: [w.cabinets.contracts.id],
    title: '古い契約書',
  });
  await deps.storage.write(made.file.storageKey, bytes);
  return made;
}

const open = (doc: { id: string }, fileId: string, query = '', headers = w.headers.admin) =>
  app.inject({ method: 'GET', url: `/documents/${doc.id}/files/${fileId}${query}`, headers });

const verdictOf = async (fileId: string) =>
  (
    await deps.database.db
      .select({ v: documentFiles.scriptCheck })
      .from(documentFiles)
      .where(eq(documentFiles.id, fileId))
  )[0]!.v;

const eventsOf = async (documentId: string) =>
  findEventPage(
    deps.database.db,
    { companyId: w.company.id, targetType: 'document', targetId: documentId },
    10,
  );

describe('a stored PDF that carries a script is not shown in the console', () => {
  it('is refused inline with a Japanese 409, records no viewing, and the verdict is remembered', async () => {
    const { doc, file } = await storedDocument(await scriptPdf(true));
    expect(await verdictOf(file.id)).toBeNull();

    const res = await open(doc, file.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(errorOf('invalid_state', NOT_SHOWN));
    expect(await verdictOf(file.id)).toBe('script');
    expect(await eventsOf(doc.id)).toEqual([]);

    // Remembered, not read again: even with clean bytes behind the key, the file stays refused.
    await deps.storage.write(file.storageKey, await scriptPdf(false));
    const again = await open(doc, file.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(errorOf('invalid_state', NOT_SHOWN));
  });

  it('can still be downloaded as an attachment, sandboxed, and the download is recorded', async () => {
    const bytes = await scriptPdf(true);
    const { doc, file } = await storedDocument(bytes);
    const res = await open(doc, file.id, '?download=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(await eventsOf(doc.id)).toMatchObject([{ action: 'document.pdfDownloaded' }]);
  });

  it('a clean stored PDF is shown as before, and remembered as clean', async () => {
    const bytes = await scriptPdf(false);
    const { doc, file } = await storedDocument(bytes);
    const res = await open(doc, file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(await verdictOf(file.id)).toBe('clean');
    expect(await eventsOf(doc.id)).toMatchObject([{ action: 'document.pdfViewed' }]);
  });

  it("another company's admin gets 404 and the file is not looked into", async () => {
    const { doc, file } = await storedDocument(await scriptPdf(true));
    for (const query of ['', '?download=1']) {
      const res = await open(doc, file.id, query, w.headers.otherAdmin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorOf('not_found', 'ご指定のデータが見つかりませんでした。'));
    }
    expect(await verdictOf(file.id)).toBeNull();
  });
});

describe('an imported PDF', () => {
  it('is stored as checked clean, since the import has already looked into it', async () => {
    const form = new FormData();
    form.append('cabinetId', w.cabinets.contracts.id);
    form.append(
      'files',
      new Blob([await scriptPdf(false)], { type: 'application/pdf' }),
      '新しい契約書.pdf',
    );
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/documents/import',
      headers: { ...w.headers.admin, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    const [result] = res.json<{ results: { ok: boolean; documentId: string }[] }>().results;
    expect(result).toMatchObject({ ok: true });
    const [file] = await deps.database.db
      .select({ v: documentFiles.scriptCheck })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, result!.documentId));
    expect(file?.v).toBe('clean');
  });
});
