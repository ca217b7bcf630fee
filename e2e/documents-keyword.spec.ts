import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * Issue 30: the documents keyword box answered 全0件 for 「1,000,000」, 「令和8年11月26日」 or 「2026/11/26」.
 * An amount or a date typed there becomes its 取引金額 / 契約締結日 chip (the box keeps the other words and says
 * what it did), and 書類情報 / 詳細検索 show amounts and days as the list does (1,000,000, 2026/11/26).
 */
const AMOUNTS = ['1,000,000', '１，０００，０００', '100万円', '¥1,000,000'];
const DATES = [
  '令和8年11月26日',
  'R8.11.26',
  '2026/11/26',
  '2026年11月26日',
  '２０２６／１１／２６',
];

async function search(page: Page, typed: string) {
  await page.getByRole('textbox', { name: 'キーワード' }).fill(typed);
  await page.getByRole('button', { name: '検索', exact: true }).click();
}

/** The list's cells of one column (by its header), for the rows shown. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const col = headers.findIndex((h) => h.trim() === header) + 1;
  expect(col, header).toBeGreaterThan(0);
  const cells = await page
    .getByTestId('document-row')
    .locator(`td:nth-child(${col})`)
    .allInnerTexts();
  return cells.map((c) => c.trim());
}

test('the keyword box turns a typed amount or date into its condition chip', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: '書類', exact: true }).first().click();
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  // At 1280 px the search row keeps 条件をクリア on its line, beside 検索.
  const searchBox = await page.getByRole('button', { name: '検索', exact: true }).boundingBox();
  const clearBox = await page.getByRole('button', { name: '条件をクリア' }).boundingBox();
  expect(Math.abs(clearBox!.y - searchBox!.y)).toBeLessThan(4);

  // One document gets the day and the amount typed below, by clicks in its 書類情報, typed as people type.
  await rows.first().click();
  const detail = page.getByTestId('document-detail-panel');
  await detail.getByRole('tab', { name: '書類情報' }).click();
  // A stored day reads as the list shows it, never 2026-11-18.
  await expect(detail.getByLabel('契約開始日')).toHaveValue(/^(\d{4}\/\d{2}\/\d{2})?$/);
  const counterparty = `株式会社キーワード確認${Date.now() % 100000}`;
  await detail.getByLabel('契約相手の名称').fill(counterparty);
  await detail.getByLabel('契約締結日').fill('令和８年１１月２６日');
  await detail.getByLabel('取引金額（円）').fill('１００万円');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(detail.getByText('書類情報を保存しました。')).toBeVisible();
  // After 保存 the form shows what was saved as the list shows it, and there is nothing left to save.
  await expect(detail.getByLabel('契約締結日')).toHaveValue('2026/11/26');
  await expect(detail.getByLabel('取引金額（円）')).toHaveValue('1,000,000');
  await expect(detail.getByRole('button', { name: '保存' })).toBeDisabled();
  await expect(detail.getByRole('button', { name: '元に戻す' })).toBeDisabled();
  // 元に戻す puts back what is saved, whatever was typed.
  await detail.getByLabel('契約相手の名称').fill('株式会社いま入力した名前');
  await detail.getByRole('button', { name: '元に戻す' }).click();
  await expect(detail.getByLabel('契約相手の名称')).toHaveValue(counterparty);
  await expect(detail.getByRole('button', { name: '保存' })).toBeDisabled();
  await expect(rows.first()).toContainText('2026/11/26');
  await expect(rows.first()).toContainText('1,000,000円');

  const chips = page.getByTestId('condition-chip');
  const keywordBox = page.getByRole('textbox', { name: 'キーワード' });
  for (const typed of AMOUNTS) {
    await search(page, typed);
    await expect(chips).toHaveText(['取引金額: 1,000,000円']);
    await expect(keywordBox).toHaveValue('');
    await expect(page.getByTestId('keyword-notice')).toHaveText(
      `「${typed}」を取引金額の条件にしました。`,
    );
    await expect(page).toHaveURL(/\?amountFrom=1000000&amountTo=1000000$/);
    await expect(rows.first()).toContainText(counterparty);
    for (const cell of await column(page, '取引金額')) expect(cell, typed).toBe('1,000,000円');
  }
  await page.screenshot({ path: path.join(artifacts, 'documents-keyword-amount.png') });
  await page.getByRole('button', { name: '条件「取引金額: 1,000,000円」を外す' }).click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByTestId('keyword-notice')).toHaveCount(0);
  // The line belongs to the search that made it: back to it shows it again, away from it hides it.
  await page.goBack();
  await expect(page.getByTestId('keyword-notice')).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('keyword-notice')).toHaveCount(0);

  for (const typed of DATES) {
    await search(page, typed);
    await expect(chips).toHaveText(['契約締結日: 2026/11/26']);
    await expect(keywordBox).toHaveValue('');
    await expect(page.getByTestId('keyword-notice')).toHaveText(
      `「${typed}」を契約締結日の条件にしました。`,
    );
    await expect(rows.first()).toContainText(counterparty);
    for (const cell of await column(page, '契約締結日')) expect(cell, typed).toBe('2026/11/26');
  }

  // Words with an amount: the words stay the keyword, the amount joins the day already asked for.
  await search(page, `${counterparty}\u30001,000,000`);
  await expect(chips).toHaveText([
    `キーワード: ${counterparty}`,
    '契約締結日: 2026/11/26',
    '取引金額: 1,000,000円',
  ]);
  await expect(keywordBox).toHaveValue(counterparty);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(counterparty);
  await page.screenshot({ path: path.join(artifacts, 'documents-keyword-chips.png') });

  // The document opened again: its 書類情報 shows the day and the amount as the list does.
  await rows.first().click();
  await detail.getByRole('tab', { name: '書類情報' }).click();
  await expect(detail.getByLabel('契約締結日')).toHaveValue('2026/11/26');
  await expect(detail.getByLabel('取引金額（円）')).toHaveValue('1,000,000');
  await detail.getByLabel('取引金額（円）').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'document-attribute-shown-values.png') });

  // 詳細検索 reopened shows them as the list does, and searching again asks for the same.
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expect(page.getByRole('heading', { name: '書類の詳細検索' })).toBeVisible();
  await expect(page.getByLabel('契約締結日（から）')).toHaveValue('2026/11/26');
  await expect(page.getByLabel('契約締結日（まで）')).toHaveValue('2026/11/26');
  await expect(page.getByLabel('取引金額（円以上）')).toHaveValue('1,000,000');
  await expect(page.getByLabel('取引金額（円以下）')).toHaveValue('1,000,000');
  await page.getByLabel('取引金額（円以上）').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'documents-search-reopened.png') });
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(rows).toHaveCount(1);
  await expect(chips).toHaveText([
    `キーワード: ${counterparty}`,
    '契約締結日: 2026/11/26',
    '取引金額: 1,000,000円',
  ]);

  // Bare digits stay a keyword (titles, 管理番号 and ids hold them).
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await search(page, '1000000');
  await expect(chips).toHaveText(['キーワード: 1000000']);
  await expect(page.getByTestId('keyword-notice')).toHaveCount(0);

  // A day that does not exist is said to be so, and nothing is searched (no 全0件 for a word no title holds).
  for (const typed of ['2026/02/30', '令和8年13月1日']) {
    const before = page.url();
    await search(page, typed);
    await expect(page.getByText(`「${typed}」は存在しない日付です。`)).toBeVisible();
    await expect(keywordBox).toHaveAttribute('aria-invalid', 'true');
    await expect(keywordBox).toHaveValue(typed);
    expect(page.url()).toBe(before);
    await expect(chips).toHaveText(['キーワード: 1000000']);
  }
  // Typing again takes the message away; a real day is then searched.
  await keywordBox.fill('2026/11/26');
  await expect(page.getByText('は存在しない日付です。')).toHaveCount(0);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(chips).toHaveText(['契約締結日: 2026/11/26']);
});
