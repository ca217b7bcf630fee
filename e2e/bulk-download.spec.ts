/**
 * まとめてダウンロード by clicks (issue 35): an admin downloads a search's documents and a cabinet's documents as
 * one ZIP; the archive read back has the UTF-8 flag on every entry, manifest.csv last, and every SHA-256 of
 * the manifest matches its PDF.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';
import { readZip, UTF8_FLAG } from './support/zip.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** In the open dialog: picks the rule and encoding, makes the ZIP, downloads it and checks it. */
async function makeAndCheck(page: Page, rule: string, encoding: 'sjis' | 'utf8bom', shot: string) {
  const dialog = page.getByRole('dialog', { name: 'まとめてダウンロード' });
  await dialog.getByRole('radio', { name: rule }).check();
  await dialog
    .getByText(encoding === 'sjis' ? 'Shift_JIS（Excel 向け）' : 'UTF-8（BOM 付き）')
    .click();
  await dialog.getByRole('button', { name: 'ZIPファイルを作成' }).click();
  const done = dialog.getByRole('alert').filter({ hasText: 'ZIPファイルができました' });
  await expect(done).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: `e2e/.artifacts/${shot}.png` });
  const count = Number(
    /([\d,]+)件の書類をまとめました/.exec(await done.innerText())![1]!.replaceAll(',', ''),
  );
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'ZIPファイルをダウンロード' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^書類_\d{8}-\d{4}\.zip$/);
  const entries = await readZip(readFileSync(await file.path()));
  for (const e of entries) expect(e.flags & UTF8_FLAG, e.name).toBe(UTF8_FLAG);
  const manifest = entries.at(-1)!;
  expect(manifest.name).toBe('manifest.csv');
  const hasBom = manifest.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(hasBom).toBe(encoding === 'utf8bom');
  const text =
    encoding === 'sjis'
      ? iconv.decode(manifest.bytes, 'cp932')
      : manifest.bytes.subarray(3).toString('utf8');
  const rows = parse<Record<string, string>>(text, { columns: true });
  const pdfs = entries.slice(0, -1);
  expect(pdfs.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r['書類ID'])).size).toBe(count);
  expect(rows.map((r) => [r['ファイル名'], r['SHA-256']])).toEqual(
    pdfs.map((e) => [e.name, createHash('sha256').update(e.bytes).digest('hex')]),
  );
  for (const e of pdfs) expect(e.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return rows;
}

test('an admin downloads the documents of a search as one ZIP with its manifest', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: '書類', exact: true }).click();
  await expectPage(page, '書類');
  await page.getByLabel('キーワード').fill('業務委託');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByTestId('document-row').first()).toContainText('業務委託');
  await page.getByRole('button', { name: 'まとめてダウンロード' }).click();
  const rows = await makeAndCheck(page, '書類ID_タイトル.pdf', 'sjis', 'bulk-download-search');
  for (const r of rows) expect(r['ファイル名']!.startsWith(`${r['書類ID']}_`)).toBe(true);
});

test("an admin downloads a cabinet's documents, named by date, counterparty and amount", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'キャビネット', exact: true }).click();
  const name = '購買・業務委託';
  await page
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('link', { name })
    .click();
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  await expect(page.getByTestId('document-row').first()).toBeVisible();
  await page.getByLabel('書類を検索').fill('株式会社');
  await expect(page).toHaveURL(/keyword=/);
  // The search's count as the API answers it; the panel shows it once the search has answered (the
  // previous rows and count stay on screen until then).
  const cabinetId = /\/cabinets\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const { total } = await apiGet<{ total: number }>(
    page,
    API_URL,
    `/documents?cabinetId=${cabinetId}&keyword=${encodeURIComponent('株式会社')}&page=1`,
  );
  await expect(page.getByTestId('documents-total')).toContainText(total.toLocaleString('ja-JP'));
  await page.getByRole('button', { name: 'まとめてダウンロード' }).click();
  const rows = await makeAndCheck(
    page,
    'YYYYMMDD_取引先_金額_書類ID.pdf',
    'utf8bom',
    'bulk-download-cabinet',
  );
  expect(rows).toHaveLength(total);
  for (const r of rows) {
    expect(r['キャビネット']).toContain(name);
    expect(r['ファイル名']).toMatch(new RegExp(`_${r['書類ID']}\\.pdf$`));
  }
});
