import { expect, test } from '@playwright/test';
import { collectWarnings } from './support/console-messages.ts';
import { DEMO } from './support/auth.ts';
import { expectPage, mainNav, pickFromMenu, startAt } from './support/journeys.ts';

/**
 * The browser console stays quiet while a person uses the console: no React Router warnings (future flags,
 * v7 API), nor any other warning or error, on a click-through of the main pages.
 */
test('a company admin clicking through the console leaves no warning in the browser console', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const messages = collectWarnings(page);
  await startAt(page, DEMO.admin);
  const nav = mainNav(page);

  await nav.getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');
  await page.getByTestId('member-row').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await pickFromMenu(page, 'CSVで一括操作', '一括操作の履歴');
  await expectPage(page, '一括操作の履歴');

  await nav.getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await page.getByTestId('document-row').first().click();
  await expect(page.getByTestId('document-detail-panel')).toBeVisible();
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expectPage(page, '書類の検索', '書類の詳細検索');
  await page.goBack();
  await expectPage(page, '書類');

  await nav.getByRole('link', { name: 'キャビネット' }).click();
  await expectPage(page, 'キャビネット');
  await page.getByRole('main').getByRole('link', { name: '営業契約', exact: true }).click();
  await expectPage(page, '営業契約');

  await nav.getByRole('link', { name: 'メンバーグループ' }).click();
  await expectPage(page, 'メンバーグループ');
  await page.getByRole('main').getByRole('link', { name: '営業部', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '営業部' })).toBeVisible();

  expect(messages.filter((m) => /react router|react-router|v7_/i.test(m))).toEqual([]);
  expect(messages).toEqual([]);
});
