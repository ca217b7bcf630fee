/**
 * 税務調査対応 through the API on both databases: a 課税期間's pack read back with yauzl and Debian's unzip, every
 * SHA-256 of manifest.csv recomputed, 訂正削除履歴.csv holding only the pack's documents; the count; company
 * admins only; bad periods refused in Japanese; the audit events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRECTION_HISTORY_COLUMNS,
  DOCUMENT_MANIFEST_COLUMNS,
  TAX_AUDIT_CORRECTIONS_NAME,
  type TTaxAuditPackRequest,
} from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { documentCabinets } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import {
  makeDocumentsWorld,
  makeDocumentWithParts,
  type DocumentsWorld,
} from '../../../test/support/documents.world.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { readManifest, readZip, unzipTool, UTF8_FLAG } from '../../../test/support/zip-archive.ts';
import { recordStatements } from '../../../test/support/record-statements.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { runTaxAuditPack } from './tax-audit.jobs.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;
type Headers = { authorization: string };
type Made = Awaited<ReturnType<typeof makeDocumentWithParts>>;
const docs: Record<'first' | 'last' | 'after' | 'before' | 'undated', Made> = {} as never;

const FY = { from: '2024-04-01', to: '2025-03-31' };

const file = async (cabinetId: string, over: Parameters<typeof makeDocumentWithParts>[2]) => {
  const made = await makeDocumentWithParts(deps, w.company.id, over);
  await deps.database.db.insert(documentCabinets).values({ cabinetId, documentId: made.doc.id });
  return made;
};

const correct = async (id: string, payload: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'PUT',
    url: `/documents/${id}/attribute`,
    headers: { ...w.headers.admin, 'if-match': '*' },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
  const c = w.cabinets.contracts.id;
  docs.first = await file(c, {
    title: '基本契約書',
    counterparty: '株式会社北商事',
    contractAt: '2024-04-01',
    validityEndAt: '2025-03-31',
    amount: 500000,
  });
  docs.last = await file(w.cabinets.hr.id, {
    title: '雇用契約書',
    counterparty: '南物産株式会社',
    contractAt: '2025-03-31',
    validityEndAt: '2026-03-31',
    amount: 2000000,
  });
  docs.after = await file(c, {
    title: '翌期の契約',
    contractAt: '2025-04-01',
    validityEndAt: '2024-06-30',
    amount: 1,
  });
  docs.before = await file(c, { title: '前期の契約', contractAt: '2024-03-31', amount: 1 });
  docs.undated = await file(c, { title: '日付なしの契約', contractAt: null });
  // Corrections: one of a document in the period, one of a document outside it.
  await correct(docs.first.doc.id, { amount: 550000 });
  await correct(docs.after.doc.id, { amount: 2 });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const post = (url: string, headers: Headers, payload: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

/** Asks for the pack, waits for the job and fetches it. */
async function pack(headers: Headers, body: TTaxAuditPackRequest) {
  const res = await post('/tax_audit_packs', headers, body);
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<{ manipulation: { id: string } }>().manipulation.id;
  const started = Date.now();
  for (;;) {
    const s = await app.inject({ method: 'GET', url: `/tax_audit_packs/${id}`, headers });
    expect(s.statusCode, s.body).toBe(200);
    const status = s.json<{ status: number }>().status;
    if (status === 6) break;
    expect(status, s.body).toBe(5);
    if (Date.now() - started > 60_000) throw new Error('pack still running');
    await new Promise((r) => setTimeout(r, 100));
  }
  const zip = await app.inject({ method: 'GET', url: `/tax_audit_packs/${id}/zip`, headers });
  expect(zip.statusCode, zip.body).toBe(200);
  expect(zip.headers['content-type']).toBe('application/zip');
  expect(String(zip.headers['content-disposition'])).toMatch(
    /^attachment; filename="tax_audit_\d{8}-\d{4}\.zip"; filename\*=UTF-8''/,
  );
  return { id, zip: zip.rawPayload };
}

/** The three parts, checked as a user's tools check them. */
async function readPack(
  zip: Buffer,
  encoding: 'sjis' | 'utf8bom',
  columns: readonly string[] = DOCUMENT_MANIFEST_COLUMNS,
) {
  const entries = await readZip(zip);
  for (const e of entries) expect(e.flags & UTF8_FLAG, e.name).toBe(UTF8_FLAG);
  expect(entries.slice(-2).map((e) => e.name)).toEqual([
    'manifest.csv',
    TAX_AUDIT_CORRECTIONS_NAME,
  ]);
  const manifest = readManifest(entries.at(-2)!.bytes, encoding);
  const corrections = readManifest(entries.at(-1)!.bytes, encoding);
  const pdfs = entries.slice(0, -2);
  expect(Object.keys(manifest[0]!)).toEqual([...columns]);
  // Every SHA-256 of the manifest recomputed from the bytes in the archive.
  expect(manifest.map((r) => [r['ファイル名'], r['SHA-256']])).toEqual(
    pdfs.map((e) => [e.name, e.sha256]),
  );
  if (corrections[0]) expect(Object.keys(corrections[0])).toEqual([...CORRECTION_HISTORY_COLUMNS]);
  const tool = unzipTool(zip);
  if (tool) {
    expect(tool.tested).toMatch(/No errors detected/);
    expect(tool.names).toEqual(entries.map((e) => e.name));
  }
  return { pdfs, manifest, corrections };
}

describe('税務調査対応', () => {
  it('counts the documents of a 課税期間 typed in 令和 and their corrections', async () => {
    const res = await post('/tax_audit_packs/count', w.headers.admin, {
      period: { from: '令和6年4月1日', to: 'R7.3.31' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ documents: 2, corrections: 1 });
    const narrowed = await post('/tax_audit_packs/count', w.headers.admin, {
      period: FY,
      conditions: { counterparty: '南物産', counterpartyMatch: 'partial' },
    });
    expect(narrowed.json()).toEqual({ documents: 1, corrections: 0 });
  });

  it('packs the PDFs, manifest.csv and 訂正削除履歴.csv of exactly the period (CP932)', async () => {
    const { zip } = await pack(w.headers.admin, {
      period: { dateField: 'contractAt', from: '令和6年4月1日', to: '令和7年3月31日' },
      encoding: 'sjis',
      nameRule: 'date_counterparty_amount_id',
    });
    const { pdfs, manifest, corrections } = await readPack(zip, 'sjis');
    expect(manifest.map((r) => r['書類ID']).sort()).toEqual(
      [docs.first.doc.id, docs.last.doc.id].sort(),
    );
    expect(pdfs.map((p) => p.name).sort()).toEqual(
      [
        `20240401_株式会社北商事_550000_${docs.first.doc.id}.pdf`,
        `20250331_南物産株式会社_2000000_${docs.last.doc.id}.pdf`,
      ].sort(),
    );
    for (const p of pdfs) expect(p.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Only the pack's documents: the correction of the document of the next period is not there.
    expect(corrections).toEqual([
      expect.objectContaining({
        書類ID: docs.first.doc.id,
        項目: '取引金額',
        変更前: '500,000',
        変更後: '550,000',
        方法: '画面',
      }),
    ]);
  });

  it('reads the period on another date field and narrows by conditions (UTF-8 with BOM)', async () => {
    const { zip } = await pack(w.headers.admin, {
      period: FY,
      conditions: { counterparty: '北商事', amountFrom: '100,000' },
      encoding: 'utf8bom',
      nameRule: 'id_title',
    });
    const { manifest, corrections } = await readPack(zip, 'utf8bom');
    expect(manifest.map((r) => r['書類ID'])).toEqual([docs.first.doc.id]);
    expect(corrections.map((r) => r['書類ID'])).toEqual([docs.first.doc.id]);
    const sent = await post('/tax_audit_packs/count', w.headers.admin, {
      period: { dateField: 'sentAt', ...FY },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('shows the period’s own date field in manifest.csv when it is not 契約締結日', async () => {
    const { zip } = await pack(w.headers.admin, {
      period: { dateField: 'validityEndAt', ...FY },
      encoding: 'utf8bom',
      nameRule: 'id_title',
    });
    const columns: string[] = [...DOCUMENT_MANIFEST_COLUMNS];
    columns.splice(columns.indexOf('契約締結日') + 1, 0, '契約終了日');
    const { manifest } = await readPack(zip, 'utf8bom', columns);
    const rows = manifest.map((r) => [r['書類ID'], r['契約締結日'], r['契約終了日']]);
    expect(rows.sort()).toEqual(
      [
        [docs.first.doc.id, '2024-04-01', '2025-03-31'],
        [docs.after.doc.id, '2025-04-01', '2024-06-30'],
      ].sort(),
    );
  });

  it('counts the documents once: the request’s count is the job’s total', async () => {
    const body = { period: FY, encoding: 'utf8bom', nameRule: 'id_title' } as const;
    const res = await post('/tax_audit_packs', w.headers.admin, {
      ...body,
      conditions: { counterparty: '南物産' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<{ manipulation: { id: string; totalRows: number } }>().manipulation;
    expect(run.totalRows).toBe(1);
    // The job run again by hand (as a retry would), its SQL recorded: it writes the archive without a count.
    const { id } = await pack(w.headers.admin, { ...body, nameRule: 'local_id_title' });
    await deps.database.raw.query(
      'update bulk_manipulations set status = 5, output_file_key = null where id = $1',
      [id],
    );
    const statements = await recordStatements(deps, (db) =>
      runTaxAuditPack({ ...deps, database: { ...deps.database, db } }, id),
    );
    expect(statements.some((s) => /from "documents"/.test(s.sql))).toBe(true);
    expect(statements.filter((s) => /^select count\(\*\)[^]*from "documents"/.test(s.sql))).toEqual(
      [],
    );
    const done = await app.inject({
      method: 'GET',
      url: `/tax_audit_packs/${id}`,
      headers: w.headers.admin,
    });
    expect(done.json()).toMatchObject({ status: 6, processedRows: 2, totalRows: 2 });
  });

  it('is for company admins only; another company cannot see a pack or use its cabinets', async () => {
    for (const h of [w.headers.reader, w.headers.cabAdmin, w.headers.outsider]) {
      expectError(await post('/tax_audit_packs', h, { period: 'x' }), 'forbidden');
      expectError(await post('/tax_audit_packs/count', h, {}), 'forbidden');
    }
    const { id } = await pack(w.headers.admin, { period: FY });
    for (const url of [`/tax_audit_packs/${id}`, `/tax_audit_packs/${id}/zip`]) {
      const other = await app.inject({ method: 'GET', url, headers: w.headers.otherAdmin });
      expectError(other, 'not_found');
      const member = await app.inject({ method: 'GET', url, headers: w.headers.reader });
      expectError(member, 'forbidden');
    }
    const foreign = await post('/tax_audit_packs/count', w.headers.admin, {
      period: FY,
      conditions: { cabinetId: w.other.cabinet.id },
    });
    const missing = '指定されたキャビネットが見つかりません。';
    expectError(foreign, 'not_found', missing, [{ path: 'cabinetId', message: missing }]);
  });

  it.each([
    [{}, '課税期間（開始日と終了日）を入力してください。'],
    [{ period: { to: '2025-03-31' } }, '課税期間の開始日を入力してください。'],
    [{ period: { from: '2024-04-01', to: ' ' } }, '課税期間の終了日を入力してください。'],
    [{ period: { from: ' ', to: ' ' } }, '課税期間の開始日を入力してください。'],
    [
      { period: { from: '2025-03-31', to: '2024-04-01' } },
      '課税期間の終了日は開始日以降の日付を指定してください。',
    ],
    [
      { period: { from: '令和7年2月30日', to: '2025-03-31' } },
      '課税期間の開始日に存在しない日付が指定されています。',
    ],
    [
      { period: { from: '2024-04-01', to: '2025-04-01' } },
      '課税期間は1年以内で指定してください（終了日は開始日の1年後の前日まで）。',
    ],
    [{ period: { ...FY, dateField: 'signedAt' } }, '期間の日付項目は'],
    [
      { period: FY, conditions: { contractAtFrom: '2024-05-01' } },
      '契約締結日の範囲は、条件ではなく課税期間で指定してください。',
    ],
  ])('refuses %j in Japanese', async (body, message) => {
    for (const url of ['/tax_audit_packs', '/tax_audit_packs/count']) {
      const res = await post(url, w.headers.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('a leap day starts a year that ends on 2月28日', async () => {
    const ok = await post('/tax_audit_packs/count', w.headers.admin, {
      period: { from: '2024-02-29', to: '2025-02-28' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await post('/tax_audit_packs/count', w.headers.admin, {
      period: { from: '2024-02-29', to: '2025-03-01' },
    });
    expect(over.statusCode).toBe(400);
  });

  it('records who asked, the period, the conditions and the counts', async () => {
    const { id } = await pack(w.headers.admin, {
      period: FY,
      conditions: { counterparty: '北商事' },
    });
    const events = await findEventPage(
      deps.database.db,
      { companyId: w.company.id, category: 'document' },
      50,
    );
    const mine = events.filter((e) => (e.details as { packId?: string }).packId === id);
    expect(mine.map((e) => [e.action, e.actorId])).toEqual([
      ['document.taxAuditPackDownloaded', w.users.admin.id],
      ['document.taxAuditPackRequested', w.users.admin.id],
    ]);
    const period = { dateField: 'contractAt', ...FY };
    expect(mine[0]!.details).toMatchObject({
      period,
      conditions: { counterparty: '北商事' },
      downloadedDocuments: 1,
      corrections: 1,
    });
    expect(mine[1]!.details).toMatchObject({
      period,
      conditions: { counterparty: '北商事' },
      encoding: 'sjis',
      matchedDocuments: 1,
    });
  });
});
