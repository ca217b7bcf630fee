/**
 * まとめてダウンロード through the API on both databases: the archive read back with yauzl and Debian's unzip,
 * every SHA-256 of the manifest recomputed, the manifest parsed as CP932 and as UTF-8 with BOM, the UTF-8 flag
 * on every entry; a member's archive holds only what he may read; the company setting; the audit events.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BULK_DOWNLOAD_REFUSAL,
  DOCUMENT_MANIFEST_COLUMNS,
  type TCompanySettings,
  type TDocumentDownloadRequest,
} from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { companies, documentCabinets, documentFiles } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import {
  makeDocumentsWorld,
  makeDocumentWithParts,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { readManifest, readZip, unzipTool, UTF8_FLAG } from '../../../test/support/zip-archive.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { WHOLE_FILE_MAX } from './document-download.zip.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
type Headers = { authorization: string };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const file = async (
  companyId: string,
  cabinetId: string,
  over: Parameters<typeof makeDocumentWithParts>[2],
) => {
  const made = await makeDocumentWithParts(deps, companyId, over);
  await deps.database.db.insert(documentCabinets).values({ cabinetId, documentId: made.doc.id });
  return made;
};

/** Asks for the archive, waits for the job and fetches it. */
async function download(headers: Headers, body: TDocumentDownloadRequest) {
  const res = await app.inject({
    method: 'POST',
    url: '/documents/downloads',
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<{ manipulation: { id: string } }>().manipulation.id;
  const started = Date.now();
  for (;;) {
    const s = await app.inject({ method: 'GET', url: `/documents/downloads/${id}`, headers });
    expect(s.statusCode, s.body).toBe(200);
    const status = s.json<{ status: number }>().status;
    if (status === 6) break;
    expect(status, s.body).toBe(5);
    if (Date.now() - started > 60_000) throw new Error('download still running');
    await new Promise((r) => setTimeout(r, 100));
  }
  const zip = await app.inject({ method: 'GET', url: `/documents/downloads/${id}/zip`, headers });
  expect(zip.statusCode, zip.body).toBe(200);
  expect(zip.headers['content-type']).toBe('application/zip');
  expect(String(zip.headers['content-disposition'])).toMatch(
    /^attachment; filename="documents_\d{8}-\d{4}\.zip"/,
  );
  return { id, zip: zip.rawPayload };
}

/** The archive checked as a user's tools check it; returns its PDFs' names and the manifest rows. */
async function checkArchive(zip: Buffer, encoding: 'sjis' | 'utf8bom') {
  const entries = await readZip(zip);
  for (const e of entries) expect(e.flags & UTF8_FLAG, e.name).toBe(UTF8_FLAG);
  expect(entries.at(-1)!.name).toBe('manifest.csv');
  const rows = readManifest(entries.at(-1)!.bytes, encoding);
  expect(
    Object.keys(rows[0] ?? Object.fromEntries(DOCUMENT_MANIFEST_COLUMNS.map((c) => [c, '']))),
  ).toEqual([...DOCUMENT_MANIFEST_COLUMNS]);
  const pdfs = entries.slice(0, -1);
  expect(new Set(pdfs.map((e) => e.name.toLowerCase())).size).toBe(pdfs.length);
  expect(rows.map((r) => [r['ファイル名'], r['SHA-256']])).toEqual(
    pdfs.map((e) => [e.name, e.sha256]),
  );
  const tool = unzipTool(zip);
  if (tool) {
    expect(tool.tested).toMatch(/No errors detected/);
    expect(tool.names).toEqual(entries.map((e) => e.name));
  }
  return { names: pdfs.map((e) => e.name), rows };
}

describe('まとめてダウンロード', () => {
  it('a PDF larger than a whole read is streamed: its bytes and SHA-256 as stored, beside small ones', async () => {
    const c = w.cabinets.contracts.id;
    const tag = `大容量${crypto.randomUUID().slice(0, 6)}`;
    const { doc, bytes: small } = await file(w.company.id, c, { title: `${tag} 契約書` });
    const big = randomBytes(WHOLE_FILE_MAX + 1);
    const storageKey = `documents/${crypto.randomUUID()}.pdf`;
    await deps.storage.write(storageKey, big);
    await deps.database.db
      .insert(documentFiles)
      .values({ documentId: doc.id, name: '別紙.pdf', size: big.length, storageKey });
    const { zip } = await download(w.headers.admin, {
      conditions: { keyword: tag },
      nameRule: 'id_title',
    });
    const { rows } = await checkArchive(zip, 'sjis');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(rows.map((r) => r['SHA-256'])).toEqual([sha(small), sha(big)]);
    const entries = await readZip(zip);
    expect(entries[1]!.bytes.equals(big)).toBe(true);
  });

  it('a company admin downloads a search: names by the rule, Windows-safe and unique, a CP932 manifest', async () => {
    const c = w.cabinets.contracts.id;
    const tag = `検索${crypto.randomUUID().slice(0, 6)}`;
    const a = await file(w.company.id, c, {
      title: `${tag} 基本契約書`,
      counterparty: '株式会社A/B:商事*',
      contractAt: '2025-04-01',
      amount: 1200000,
      localId: 'K-001',
    });
    const b = await file(w.company.id, c, {
      title: `${tag} 覚書`,
      counterparty: '=cmd|calc',
      amount: null,
    });
    await file(w.company.id, c, { title: '対象外の契約書' });
    const { zip } = await download(w.headers.admin, {
      conditions: { keyword: tag },
      encoding: 'sjis',
      nameRule: 'date_counterparty_amount_id',
    });
    const { names, rows } = await checkArchive(zip, 'sjis');
    expect([...names].sort()).toEqual(
      [
        `20250401_株式会社A_B_商事__1200000_${a.doc.id}.pdf`,
        `日付なし_=cmd_calc_金額なし_${b.doc.id}.pdf`,
      ].sort(),
    );
    const row = rows.find((r) => r['書類ID'] === a.doc.id)!;
    expect(row).toMatchObject({
      管理番号: 'K-001',
      タイトル: `${tag} 基本契約書`,
      取引先: '株式会社A/B:商事*',
      契約締結日: '2025-04-01',
      取引金額: '1200000',
      キャビネット: '営業契約',
    });
    // Formula-safe: a cell starting with = is escaped by the product's CSV writer.
    expect(rows.find((r) => r['書類ID'] === b.doc.id)!['取引先']).toBe("'=cmd|calc");
  });

  it('a cabinet as UTF-8 with BOM, 書類ID_タイトル names; two documents of one title stay apart', async () => {
    const cab = await deps.database.db
      .insert((await import('../../db/schema.ts')).cabinets)
      .values({ companyId: w.company.id, name: `棚${crypto.randomUUID().slice(0, 6)}` })
      .returning();
    const id = cab[0]!.id;
    const x = await file(w.company.id, id, { title: '同じ名前', localId: 'L-1' });
    const y = await file(w.company.id, id, { title: '同じ名前', localId: 'L-1' });
    const byId = await download(w.headers.admin, {
      conditions: { cabinetId: id },
      encoding: 'utf8bom',
      nameRule: 'id_title',
    });
    const first = await checkArchive(byId.zip, 'utf8bom');
    expect([...first.names].sort()).toEqual(
      [`${x.doc.id}_同じ名前.pdf`, `${y.doc.id}_同じ名前.pdf`].sort(),
    );
    const byLocal = await download(w.headers.admin, {
      conditions: { cabinetId: id },
      encoding: 'utf8bom',
      nameRule: 'local_id_title',
    });
    const second = await checkArchive(byLocal.zip, 'utf8bom');
    expect([...second.names].sort()).toEqual(['L-1_同じ名前.pdf', 'L-1_同じ名前_2.pdf']);
  });

  it('a member gets 403 naming the rule while the setting is off, and only what he reads when it is on', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/documents/downloads',
      headers: w.headers.reader,
      payload: { nameRule: 'bad' },
    });
    expectError(refused, 'forbidden', BULK_DOWNLOAD_REFUSAL);
    const db = deps.database.db;
    // The company setting, switched on by an admin's versioned save of 企業設定.
    const read = await app.inject({
      method: 'GET',
      url: '/company/settings',
      headers: w.headers.admin,
    });
    const s = read.json<{ settings: TCompanySettings }>().settings;
    const saved = await app.inject({
      method: 'PUT',
      url: '/company/settings',
      headers: { ...w.headers.admin, 'if-match': `"${s.version}"` },
      payload: {
        name: s.name,
        theme: s.theme,
        flags: { ...s.flags, bulkDownloadMembers: true },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ settings: TCompanySettings }>().settings.flags.bulkDownloadMembers).toBe(
      true,
    );
    try {
      const secret = await file(w.company.id, w.cabinets.hr.id, { title: '人事の書類 readable?' });
      const { id, zip } = await download(w.headers.reader, { encoding: 'utf8bom' });
      const { rows } = await checkArchive(zip, 'utf8bom');
      const ids = rows.map((r) => r['書類ID']);
      expect(ids).not.toContain(secret.doc.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const r of rows) expect(r['キャビネット']).not.toContain('人事');
      // Another member cannot follow or fetch his run; another company's admin neither.
      for (const h of [w.headers.outsider, w.headers.otherAdmin]) {
        const s = await app.inject({
          method: 'GET',
          url: `/documents/downloads/${id}`,
          headers: h,
        });
        expect(s.statusCode).toBe(404);
        const z = await app.inject({
          method: 'GET',
          url: `/documents/downloads/${id}/zip`,
          headers: h,
        });
        expect(z.statusCode).toBe(404);
      }
      // A cabinet he cannot read is missing, as in the list.
      const hr = await app.inject({
        method: 'POST',
        url: '/documents/downloads',
        headers: w.headers.reader,
        payload: { conditions: { cabinetId: w.cabinets.hr.id } },
      });
      expect(hr.statusCode).toBe(404);
    } finally {
      await db
        .update(companies)
        .set({ bulkDownloadMembers: false })
        .where(eq(companies.id, w.company.id));
    }
  });

  it('refuses a bad body in Japanese, and records who asked, which search and how many', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/documents/downloads',
      headers: w.headers.admin,
      payload: { nameRule: 'bad', conditions: { amountFrom: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ファイル名の付け方は');
    const tag = `監査${crypto.randomUUID().slice(0, 6)}`;
    await file(w.company.id, w.cabinets.contracts.id, { title: `${tag} 契約` });
    const { id } = await download(w.headers.admin, { conditions: { keyword: tag } });
    const events = await findEventPage(
      deps.database.db,
      { companyId: w.company.id, category: 'document' },
      20,
    );
    const mine = events.filter((e) => (e.details as { downloadId?: string }).downloadId === id);
    expect(mine.map((e) => [e.action, e.actorId])).toEqual([
      ['document.bulkDownloaded', w.users.admin.id],
      ['document.bulkDownloadRequested', w.users.admin.id],
    ]);
    expect(mine[0]!.details).toMatchObject({
      downloadedDocuments: 1,
      conditions: { keyword: tag },
    });
    expect(mine[1]!.details).toMatchObject({ conditions: { keyword: tag }, encoding: 'sjis' });
  });
});
