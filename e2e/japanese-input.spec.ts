import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * Amounts and dates typed the way people type them in Japan (docs/glossary.md "Input"): full-width digits with
 * commas, and the Japanese era. The detailed search applies them; what does not parse is said, not dropped.
 */
test('the detailed search takes １，０００，０００ and 令和8年4月1日 and applies both', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.getByRole('link', { name: '書類', exact: true }).first().click();
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expect(page.getByRole('heading', { name: '書類の詳細検索' })).toBeVisible();

  // What does not parse stays on the form with its reason.
  await page.getByLabel('取引金額（円以上）').fill('1,00');
  await page.getByLabel('契約締結日（から）').fill('令和8年2月30日');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(
    page.getByText('取引金額（円以上）は1000000、1,000,000、1000000円 のように入力してください。'),
  ).toBeVisible();
  await expect(
    page.getByText('契約締結日（から）に存在しない日付が入力されています。'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/company\/documents\/search/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('取引金額（円以上）').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'documents-search-typed-errors.png') });

  await page.getByLabel('取引金額（円以上）').fill('１，０００，０００');
  await page.getByLabel('契約締結日（から）').fill('令和8年4月1日');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(
    /\/company\/documents\?contractAtFrom=2026-04-01&amountFrom=1000000$/,
  );

  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const dateCol = headers.findIndex((h) => h.trim() === '契約締結日') + 1;
  const amountCol = headers.findIndex((h) => h.trim() === '取引金額') + 1;
  expect([dateCol, amountCol].every((c) => c > 0)).toBe(true);
  const n = Math.min(await rows.count(), 20);
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const date = (await rows.nth(i).locator(`td:nth-child(${dateCol})`).innerText()).trim();
    const amount = (await rows.nth(i).locator(`td:nth-child(${amountCol})`).innerText()).trim();
    expect(date >= '2026/04/01', `row ${i + 1}: 契約締結日 ${date}`).toBe(true);
    expect(
      Number(amount.replace(/[^\d]/g, '')),
      `row ${i + 1}: 取引金額 ${amount}`,
    ).toBeGreaterThanOrEqual(1_000_000);
  }

  // The form opens again with the conditions as the list shows them (issue 30: not 1000000 / 2026-04-01),
  // and searching again unchanged asks for the same.
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expect(page.getByLabel('取引金額（円以上）')).toHaveValue('1,000,000');
  await expect(page.getByLabel('契約締結日（から）')).toHaveValue('2026/04/01');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(
    /\/company\/documents\?contractAtFrom=2026-04-01&amountFrom=1000000$/,
  );
});
