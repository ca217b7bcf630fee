import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import {
  cabinetClassificationRules,
  cabinets,
  companies,
  documentCabinets,
  documentFiles,
  documents,
} from '../../db/schema.ts';
import {
  errorOf,
  makeDocumentsWorld,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { expectError } from '../../../test/support/error-body.ts';

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

const pdf = (body = 'hello') => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\r\n`);
type Part = { field: string; value: string } | { file: string; bytes: Buffer };

async function post(parts: Part[], headers: Record<string, string> = w.headers.admin) {
  const form = new FormData();
  for (const p of parts) {
    if ('field' in p) form.append(p.field, p.value);
    else form.append('files', new Blob([p.bytes], { type: 'application/pdf' }), p.file);
  }
  const req = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  return app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...headers, 'content-type': req.headers.get('content-type')! },
    payload,
  });
}

/** Files under the storage's documents folder (orphans would show here). */
async function storedFiles(): Promise<string[]> {
  const dir = path.dirname(deps.storage.pathOf('documents/x.pdf'));
  return readdir(dir).catch(() => []);
}

type Results = {
  results: (
    | { filename: string; ok: true; documentId: string }
    | { filename: string; ok: false; error: { code: string; message: string } }
  )[];
};

describe('POST /documents/import', () => {
  it('imports several PDFs as status-13 documents in the cabinet, with their attributes and stored files', async () => {
    const before = (await storedFiles()).length;
    const res = await post([
      { field: 'cabinetId', value: w.cabinets.contracts.id },
      {
        field: 'attributes',
        value: JSON.stringify([
          { counterparty: '株式会社東京商事', amount: 5000, contractAt: '2024-04-01' },
          null,
        ]),
      },
      { file: '業務委託契約書.pdf', bytes: pdf('one') },
      { file: 'NDA.PDF', bytes: pdf('two') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<Results>();
    expect(results.map((r) => [r.filename, r.ok])).toEqual([
      ['業務委託契約書.pdf', true],
      ['NDA.PDF', true],
    ]);
    const idsCreated = results.flatMap((r) => (r.ok ? [r.documentId] : []));
    const rows = await deps.database.db
      .select()
      .from(documents)
      .where(inArray(documents.id, idsCreated));
    const first = rows.find((r) => r.id === idsCreated[0])!;
    expect(first).toMatchObject({
      status: 13,
      title: '業務委託契約書',
      counterparty: '株式会社東京商事',
      amount: 5000,
      contractAt: '2024-04-01',
      senderId: w.users.admin.id,
    });
    expect(first.searchText).toContain('東京商事');
    expect(rows.find((r) => r.id === idsCreated[1])!.title).toBe('NDA');
    const links = await deps.database.db
      .select()
      .from(documentCabinets)
      .where(inArray(documentCabinets.documentId, idsCreated));
    expect(links.map((l) => l.cabinetId)).toEqual([
      w.cabinets.contracts.id,
      w.cabinets.contracts.id,
    ]);
    const [file] = await deps.database.db
      .select()
      .from(documentFiles)
      .where(eq(documentFiles.documentId, idsCreated[0]!));
    const download = await app.inject({
      method: 'GET',
      url: `/documents/${idsCreated[0]}/files/${file!.id}`,
      headers: w.headers.admin,
    });
    expect(download.rawPayload.equals(pdf('one'))).toBe(true);
    expect((await storedFiles()).length).toBe(before + 2);
  });

  it('answers each rejected file with its reason and stores nothing for it', async () => {
    const before = (await storedFiles()).length;
    const res = await post([
      { field: 'cabinetId', value: w.cabinets.contracts.id },
      {
        field: 'attributes',
        value: JSON.stringify([null, null, null, null, null, { amount: -5 }, null]),
      },
      { file: 'ok.pdf', bytes: pdf() },
      { file: 'memo.txt', bytes: Buffer.from('hello') },
      { file: 'fake.pdf', bytes: Buffer.from('PK\u0003\u0004 not a pdf %%EOF') },
      { file: 'truncated.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog') },
      { file: `${'長'.repeat(65)}.pdf`, bytes: pdf() },
      { file: 'bad-attr.pdf', bytes: pdf() },
      { file: 'empty.pdf', bytes: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(200);
    const { results } = res.json<Results>();
    expect(
      results.map((r) => (r.ok ? [r.filename, 'ok'] : [r.filename, r.error.code, r.error.message])),
    ).toEqual([
      ['ok.pdf', 'ok'],
      [
        'memo.txt',
        'unsupported_media_type',
        'PDFファイルではありません。拡張子が「.pdf」のファイルを選んでください。',
      ],
      [
        'fake.pdf',
        'unsupported_media_type',
        'PDFファイルではありません（ファイルの先頭が「%PDF-」ではありません）。',
      ],
      [
        'truncated.pdf',
        'unsupported_media_type',
        'PDFファイルが壊れているか、途中で切れています（ファイルの末尾に「%%EOF」がありません）。',
      ],
      [
        `${'長'.repeat(65)}.pdf`,
        'validation_failed',
        'ファイル名が長すぎます。拡張子を除いて64文字以内にしてください。',
      ],
      ['bad-attr.pdf', 'validation_failed', '取引金額は0以上で入力してください。'],
      ['empty.pdf', 'validation_failed', 'ファイルが空です。'],
    ]);
    expect((await storedFiles()).length).toBe(before + 1);
  });

  it('rejects a file over 50 MB and keeps nothing of it', async () => {
    const before = (await storedFiles()).length;
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x20);
    pdf().copy(big, 0);
    const res = await post([
      { field: 'cabinetId', value: w.cabinets.contracts.id },
      { file: 'big.pdf', bytes: big },
    ]);
    expect(res.json<Results>().results).toEqual([
      {
        filename: 'big.pdf',
        ok: false,
        error: {
          code: 'payload_too_large',
          message: 'ファイルサイズが50MBを超えています。50MB以下のPDFファイルを選んでください。',
        },
      },
    ]);
    expect((await storedFiles()).length).toBe(before);
  });

  it('files imported documents by the classification rules of the sender', async () => {
    await deps.database.db
      .insert(cabinetClassificationRules)
      .values({ cabinetId: w.cabinets.hr.id, groupId: w.groups.sales.id });
    const res = await post(
      [
        { field: 'cabinetId', value: w.cabinets.system.id },
        { file: 'classified.pdf', bytes: pdf() },
      ],
      w.headers.admin,
    );
    const admins = res.json<Results>().results[0]!;
    expect(admins.ok).toBe(true);
    // The admin is not in 営業部: the document stays in 「すべての書類」 only.
    const adminLinks = await deps.database.db
      .select()
      .from(documentCabinets)
      .where(eq(documentCabinets.documentId, (admins as { documentId: string }).documentId));
    expect(adminLinks).toEqual([]);
    await deps.database.db
      .insert(cabinets)
      .values({ companyId: w.company.id, name: 'インポート先' });
    const [target] = await deps.database.db
      .select()
      .from(cabinets)
      .where(eq(cabinets.name, 'インポート先'));
    const { cabinetAdmins } = await import('../../db/schema.ts');
    await deps.database.db
      .insert(cabinetAdmins)
      .values({ cabinetId: target!.id, userId: w.users.reader.id });
    const byReader = await post(
      [
        { field: 'cabinetId', value: target!.id },
        { file: 'by-reader.pdf', bytes: pdf() },
      ],
      w.headers.reader,
    );
    const r = byReader.json<Results>().results[0] as { documentId: string };
    const links = await deps.database.db
      .select()
      .from(documentCabinets)
      .where(eq(documentCabinets.documentId, r.documentId));
    expect(links.map((l) => l.cabinetId).sort()).toEqual([target!.id, w.cabinets.hr.id].sort());
  });

  it.each([
    [
      'no cabinetId',
      [{ file: 'a.pdf', bytes: pdf() }],
      400,
      'validation_failed',
      'インポート先のキャビネット（cabinetId）をファイルより前に指定してください。',
    ],
    [
      'no files',
      [{ field: 'cabinetId', value: '' }],
      400,
      'validation_failed',
      'インポート先のキャビネットはキャビネットのIDで指定してください。',
    ],
    [
      'only a cabinet',
      'cabinet-only',
      400,
      'validation_failed',
      'インポートするPDFファイルを1つ以上選んでください。',
    ],
    [
      'bad attributes JSON',
      'bad-json',
      400,
      'validation_failed',
      'attributes はファイルごとの書類情報の配列（JSON）で指定してください。',
    ],
  ] as const)('%s', async (_name, partsOrKind, status, code, message) => {
    const parts: Part[] =
      partsOrKind === 'cabinet-only'
        ? [{ field: 'cabinetId', value: w.cabinets.contracts.id }]
        : partsOrKind === 'bad-json'
          ? [
              { field: 'cabinetId', value: w.cabinets.contracts.id },
              { field: 'attributes', value: '{not json' },
              { file: 'a.pdf', bytes: pdf() },
            ]
          : [...partsOrKind];
    const res = await post(parts);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code,
      message,
    });
  });

  it('checks who may import: company flag, privilege, cabinet rights, company', async () => {
    const parts = (cabinetId: string): Part[] => [
      { field: 'cabinetId', value: cabinetId },
      { file: 'a.pdf', bytes: pdf() },
    ];
    const before = (await storedFiles()).length;
    const outsider = await post(parts(w.cabinets.contracts.id), w.headers.outsider);
    expect(outsider.json()).toEqual(
      errorOf('forbidden', '書類をインポートする権限（書類インポート権限）がありません。'),
    );
    const readerNotAdmin = await post(parts(w.cabinets.contracts.id), w.headers.reader);
    const m =
      'このキャビネットに書類をインポートする権限がありません（キャビネットの管理者のみインポートできます）。';
    expect(readerNotAdmin.json()).toEqual(
      errorOf('forbidden', m, [{ path: 'cabinetId', message: m }]),
    );
    const other = await post(parts(w.other.cabinet.id), w.headers.admin);
    expectError(other, 'not_found', 'インポート先のキャビネットが見つかりません。', [
      { path: 'cabinetId', message: 'インポート先のキャビネットが見つかりません。' },
    ]);
    expect((await post(parts(w.cabinets.contracts.id), w.headers.cabAdmin)).statusCode).toBe(200);
    await deps.database.db
      .update(companies)
      .set({ documentImport: false })
      .where(eq(companies.id, w.company.id));
    const off = await post(parts(w.cabinets.contracts.id), w.headers.admin);
    expect(off.json()).toEqual(
      errorOf('forbidden', 'この組織では書類のインポートが有効になっていません。'),
    );
    await deps.database.db
      .update(companies)
      .set({ documentImport: true })
      .where(eq(companies.id, w.company.id));
    expect((await storedFiles()).length).toBe(before + 1);
  });
});
