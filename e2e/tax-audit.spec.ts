/**
 * 税務調査対応 by clicks (issue 35): a company admin opens the page from the navigation, types the last
 * 課税期間 in 令和, sees the count, produces the pack and downloads it; the ZIP holds the PDFs, manifest.csv
 * with every SHA-256 matching and 訂正削除履歴.csv of those documents only. The period's search requirement
 * opens the document list with the period applied.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { DEMO } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';
import { readZip, UTF8_FLAG } from './support/zip.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const csvRows = (bytes: Buffer) =>
  parse<Record<string, string>>(iconv.decode(bytes, 'cp932'), { columns: true });

/** The last 事業年度 (April to March) that has ended, in 令和 as people type it, and as the API's days. */
function lastFiscalYear(now = new Date()) {
  const start = now.getMonth() >= 3 ? now.getFullYear() - 1 : now.getFullYear() - 2;
  return {
    typed: [`令和${start - 2018}年4月1日`, `令和${start + 1 - 2018}年3月31日`] as const,
    days: [`${start}-04-01`, `${start + 1}-03-31`] as const,
  };
}

test('an admin produces the 税務調査 pack of a 課税期間 typed in 令和 and downloads it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const fy = lastFiscalYear();
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: '税務調査対応' }).click();
  await expectPage(page, '税務調査対応');
  await page.getByRole('textbox', { name: '開始日' }).fill(fy.typed[0]);
  await page.getByRole('textbox', { name: '終了日' }).fill(fy.typed[1]);
  await page.getByRole('button', { name: '件数を確認' }).click();
  const counted = page.getByText(/の書類は\s*[\d,]+件/);
  await expect(counted).toBeVisible();
  const count = Number(/([\d,]+)件/.exec(await counted.innerText())![1]!.replaceAll(',', ''));
  expect(count).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/tax-page.png', fullPage: true });
  // No horizontal scrolling at 1280 px.
  const overflow = await page
    .locator('html')
    .evaluate(
      (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth,
    );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'ZIPファイルを作成' }).click();
  const done = page.getByRole('alert').filter({ hasText: 'ZIPファイルができました' });
  await expect(done).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: '/tmp/tax-page-done.png', fullPage: true });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    done.getByRole('button', { name: 'ZIPファイルをダウンロード' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^税務調査対応_\d{8}-\d{4}\.zip$/);
  const entries = await readZip(readFileSync(await file.path()));
  for (const e of entries) expect(e.flags & UTF8_FLAG, e.name).toBe(UTF8_FLAG);
  expect(entries.slice(-2).map((e) => e.name)).toEqual(['manifest.csv', '訂正削除履歴.csv']);
  const manifest = csvRows(entries.at(-2)!.bytes);
  const pdfs = entries.slice(0, -2);
  expect(new Set(manifest.map((r) => r['書類ID'])).size).toBe(count);
  expect(manifest.map((r) => [r['ファイル名'], r['SHA-256']])).toEqual(
    pdfs.map((e) => [e.name, createHash('sha256').update(e.bytes).digest('hex')]),
  );
  for (const r of manifest)
    expect(r['契約締結日']! >= fy.days[0] && r['契約締結日']! <= fy.days[1], r['書類ID']).toBe(
      true,
    );
  for (const e of pdfs) expect(e.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const history = iconv.decode(entries.at(-1)!.bytes, 'cp932');
  expect(history.split('\r\n')[0]).toBe(
    '書類ID,管理番号,タイトル,項目,変更前,変更後,日時（JST）,変更した人,方法',
  );
  const ids = new Set(manifest.map((r) => r['書類ID']));
  for (const r of csvRows(entries.at(-1)!.bytes)) expect(ids.has(r['書類ID'])).toBe(true);

  // The first search requirement opens the document list with the period applied.
  await page.getByRole('link', { name: '取引年月日その他の日付の範囲指定で検索する' }).click();
  await expectPage(page, '書類');
  await expect(page).toHaveURL(
    new RegExp(`contractAtFrom=${fy.days[0]}&contractAtTo=${fy.days[1]}`),
  );
});
