import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * Issue 35 (税務調査対応): 取引先 is its own condition of 詳細検索, folded like the keyword (a 取引先 stored as 髙橋
 * is found typed 高橋), shown as a chip that removes it; and 「取引金額が未入力」 lists only documents without an
 * amount. Retry-safe: the documents it edits get a fresh name and an amount state set here, whatever a first
 * try left.
 */

/** Saves 書類情報 of the list's row `index` by clicks: fields as typed (an empty text clears the item). */
async function saveAttributes(page: Page, index: number, fields: Record<string, string>) {
  await page.getByTestId('document-row').nth(index).click();
  const detail = page.getByTestId('document-detail-panel');
  // Clicked until the form shows: a click landing before the opened document has rendered is lost, and the
  // document then opens on its PDF tab (seen once on a loaded machine).
  const form = detail.getByLabel(Object.keys(fields)[0]!);
  await expect(async () => {
    await detail.getByRole('tab', { name: '書類情報' }).click();
    await expect(form).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  for (const [label, value] of Object.entries(fields)) await detail.getByLabel(label).fill(value);
  const save = detail.getByRole('button', { name: '保存' });
  if (await save.isEnabled()) {
    await save.click();
    await expect(detail.getByText('書類情報を保存しました。')).toBeVisible();
  }
  await page.keyboard.press('Escape');
}

/** The 取引金額 cells of the rows shown. */
async function amounts(page: Page): Promise<string[]> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === '取引金額') + 1;
  expect(col).toBeGreaterThan(0);
  const cells = await page
    .getByTestId('document-row')
    .locator(`td:nth-child(${col})`)
    .allInnerTexts();
  return cells.map((c) => c.trim());
}

test('an admin searches by 取引先 with a variant kanji and by 取引金額 未入力', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.admin);
  await page.getByRole('link', { name: '書類', exact: true }).first().click();
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();

  // One document's 取引先 is stored with the variant 髙; another's 取引金額 is left empty.
  const suffix = String(Date.now() % 1_000_000);
  const stored = `株式会社髙橋監査${suffix}`;
  await saveAttributes(page, 0, { 契約相手の名称: stored, '取引金額（円）': '1,000,000' });
  await saveAttributes(page, 1, { '取引金額（円）': '' });

  // 取引先 typed with the usual 高 finds it; its chip says so and removing it brings the list back.
  await page.getByRole('link', { name: '詳細検索' }).click();
  await page.getByRole('textbox', { name: '取引先' }).fill(`高橋監査${suffix}`);
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  const chip = page.getByTestId('condition-chip').filter({ hasText: `取引先: 高橋監査${suffix}` });
  await expect(chip).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(stored);
  await page.getByRole('button', { name: `条件「取引先: 高橋監査${suffix}」を外す` }).click();
  await expect(chip).toHaveCount(0);
  await expect.poll(() => rows.count()).toBeGreaterThan(1);

  // 取引金額が未入力: every row shown has no amount, the one just emptied among them.
  await page.getByRole('link', { name: '詳細検索' }).click();
  await page.getByRole('checkbox', { name: '取引金額が未入力' }).check();
  await page.screenshot({ path: path.join(artifacts, 'documents-search-partner-blank.png') });
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(
    page.getByTestId('condition-chip').filter({ hasText: '取引金額: 未入力' }),
  ).toBeVisible();
  await expect(rows.first()).toBeVisible();
  const shown = await amounts(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((a) => a !== '—')).toEqual([]);
  await expect(page).toHaveURL(/blank=amount/);
  await page.screenshot({ path: path.join(artifacts, 'documents-blank-amount.png') });
});
