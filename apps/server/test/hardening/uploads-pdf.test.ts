/**
 * Uploads, the PDF import side: broken files in one import request each get their own
 * Japanese result, in upload order, while the good ones are imported; rejected bytes are not kept, and no
 * file lands under a client-chosen name.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES, type TDocumentImportResult } from '@cloudsign/contract';
import { MSG_FILENAME_CONTROL, MSG_UPLOAD_CUT_OFF } from '../../src/lib/http/upload-guard.ts';
import { JAPANESE } from './fuzz-checks.ts';
import { tinyPdf, zipBytes, type Part } from './fuzz-multipart.ts';
import { createUploadWorld, post, storedFiles, type UploadWorld } from './fuzz-uploads.world.ts';

let w: UploadWorld;
let cabinetId: string;
beforeAll(async () => {
  w = await createUploadWorld();
  const res = await w.app.inject({
    method: 'POST',
    url: '/cabinets',
    headers: w.headers,
    payload: { name: '取込先' },
  });
  cabinetId = res.json<{ cabinet: { id: string } }>().cabinet.id;
}, 120_000);
afterAll(async () => w?.close());

const pdfPart = (filename: string, bytes: Buffer): Part => ({
  kind: 'file',
  name: 'files',
  filename,
  contentType: 'application/pdf',
  bytes,
});
const importFiles = (files: Part[], opts: { truncate?: boolean } = {}) =>
  post(
    w,
    '/documents/import',
    [{ kind: 'field', name: 'cabinetId', value: cabinetId }, ...files],
    opts,
  );
const documentTotal = async () =>
  (await w.app.inject({ method: 'GET', url: '/documents?perPage=1', headers: w.headers })).json<{
    total: number;
  }>().total;
const pdfFiles = () => storedFiles(w).filter((f) => f.startsWith('files/documents/'));

/** Each broken file, with the code and the Japanese message its result must carry. */
const BROKEN: { filename: string; bytes: () => Buffer; code: string; message: string }[] = [
  {
    filename: 'csv.pdf',
    bytes: () => Buffer.from('メールアドレス,氏名\r\n'),
    code: 'unsupported_media_type',
    message: 'PDFファイルではありません（ファイルの先頭が「%PDF-」ではありません）。',
  },
  {
    filename: 'archive.pdf',
    bytes: zipBytes,
    code: 'unsupported_media_type',
    message: 'PDFファイルではありません（ファイルの先頭が「%PDF-」ではありません）。',
  },
  {
    filename: 'cut.pdf',
    bytes: () => tinyPdf().subarray(0, 30),
    code: 'unsupported_media_type',
    message:
      'PDFファイルが壊れているか、途中で切れています（ファイルの末尾に「%%EOF」がありません）。',
  },
  {
    filename: 'empty.pdf',
    bytes: () => Buffer.alloc(0),
    code: 'validation_failed',
    message: 'ファイルが空です。',
  },
  {
    filename: 'contract.exe',
    bytes: () => tinyPdf(),
    code: 'unsupported_media_type',
    message: 'PDFファイルではありません。拡張子が「.pdf」のファイルを選んでください。',
  },
  {
    filename: 'a\u0000b.pdf',
    bytes: () => tinyPdf(),
    code: 'validation_failed',
    message: MSG_FILENAME_CONTROL,
  },
  {
    filename: '請求書\u202Efdp.exe.pdf',
    bytes: () => tinyPdf(),
    code: 'validation_failed',
    message:
      'ファイル「請求書<U+202E>fdp.exe.pdf」の名前に、表示を偽装できる見えない文字（U+202E）が含まれています。ファイル名を変更してからアップロードしてください。',
  },
  {
    filename: `${'長'.repeat(65)}.pdf`,
    bytes: () => tinyPdf(),
    code: 'validation_failed',
    message: 'ファイル名が長すぎます。拡張子を除いて64文字以内にしてください。',
  },
];

it('each broken file gets its own Japanese result in upload order; the good files beside them are imported', async () => {
  const before = { docs: await documentTotal(), files: pdfFiles().length };
  const parts = [
    pdfPart('良い契約書1.pdf', tinyPdf('1')),
    ...BROKEN.map((b) => pdfPart(b.filename, b.bytes())),
    pdfPart('良い契約書2.pdf', tinyPdf('2')),
  ];
  const res = await importFiles(parts);
  expect(res.statusCode, res.body).toBe(200);
  const results = res.json<{ results: TDocumentImportResult[] }>().results;
  expect(
    results.map((r) => [
      r.filename,
      r.ok,
      r.ok ? null : r.error.code,
      r.ok ? null : r.error.message,
    ]),
  ).toEqual([
    ['良い契約書1.pdf', true, null, null],
    ...BROKEN.map((b) => [b.filename, false, b.code, b.message]),
    ['良い契約書2.pdf', true, null, null],
  ]);
  for (const r of results) if (!r.ok) expect(r.error.message).toMatch(JAPANESE);
  // Only the two good files were kept, as two documents.
  expect([await documentTotal(), pdfFiles().length]).toEqual([before.docs + 2, before.files + 2]);
});

it(
  `a file over ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB is refused on its own, and its bytes are not kept`,
  { timeout: 120_000 },
  async () => {
    const before = pdfFiles();
    const big = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(IMPORT_MAX_FILE_BYTES, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const res = await importFiles([
      pdfPart('大きすぎる.pdf', big),
      pdfPart('小さい.pdf', tinyPdf()),
    ]);
    const results = res.json<{ results: TDocumentImportResult[] }>().results;
    expect(results.map((r) => [r.filename, r.ok, r.ok ? null : r.error.code])).toEqual([
      ['大きすぎる.pdf', false, 'payload_too_large'],
      ['小さい.pdf', true, null],
    ]);
    expect(pdfFiles().length).toBe(before.length + 1);
  },
);

it('a request cut off in the middle of a file: 400 in Japanese, no document, nothing kept', async () => {
  const before = { docs: await documentTotal(), files: storedFiles(w) };
  const res = await importFiles([pdfPart('途中.pdf', tinyPdf())], { truncate: true });
  expect([
    res.statusCode,
    res.json<{ error: { code: string; message: string; details?: unknown } }>().error.message,
  ]).toEqual([400, MSG_UPLOAD_CUT_OFF]);
  expect([await documentTotal(), storedFiles(w)]).toEqual([before.docs, before.files]);
});

it('folders in a file name are dropped: the document is titled by the base name and stored under a server key', async () => {
  const names = ['../../x.pdf', '..\\..\\x.pdf', '/etc/x.pdf', 'C:\\Users\\x.pdf', '....//x.pdf'];
  const res = await importFiles(names.map((n) => pdfPart(n, tinyPdf())));
  const results = res.json<{ results: TDocumentImportResult[] }>().results;
  for (const r of results) {
    expect(r.ok).toBe(true);
    expect(r.filename).toBe('x.pdf');
    if (!r.ok) continue;
    const doc = (
      await w.app.inject({ method: 'GET', url: `/documents/${r.documentId}`, headers: w.headers })
    ).json<{ document: { title: string } }>().document;
    expect(doc.title).toBe('x');
  }
  for (const f of storedFiles(w))
    expect(f).toMatch(/^files\/[a-z-]+\/[0-9a-f-]{36}(-in\.csv|\.pdf)$|^files\/\.staging\//);
  const root = w.deps.env.DATA_DIR;
  for (const target of [
    'x.pdf',
    '../x.pdf',
    '../../x.pdf',
    'files/x.pdf',
    'files/documents/x.pdf',
  ]) {
    expect(existsSync(path.resolve(root, target)), target).toBe(false);
  }
});
