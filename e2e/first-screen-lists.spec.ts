/**
 * Every list page whose reads can start on the server arrives with its rows (docs/design.md §1, "First
 * screen"), by the same mechanism as members and documents: キャビネット, メンバーグループ, 監査ログ and both bulk
 * histories. Each page is reached by clicks, reloaded as F5 would, and its HTML read as the site sent it; the
 * console then takes the rows over without a warning, and they work.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { collectWarnings } from './support/console-messages.ts';
import { countIn as count, reloadRenderedHtml, rootOf } from './support/first-screen.ts';
import { expectPage, mainNav, pickFromMenu, startAt, uploadCsv } from './support/journeys.ts';

const AUDITOR = 'auditor@example.com';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const reloadHtml = async (page: Page) => (await reloadRenderedHtml(page)).html;

test('キャビネット, メンバーグループ and both bulk histories arrive with their rows', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = collectWarnings(page);
  await startAt(page, DEMO.admin);
  const nav = mainNav(page);

  await nav.getByRole('link', { name: 'キャビネット' }).click();
  await expectPage(page, 'キャビネット');
  const cabinetsHtml = await reloadHtml(page);
  const cabinets = count(cabinetsHtml, 'cabinet-row');
  expect(cabinets).toBeGreaterThan(0);
  expect(rootOf(cabinetsHtml)).toContain('書類を整理するフォルダです。');
  await expect(page.getByTestId('cabinet-row')).toHaveCount(cabinets);
  // Hydrated: the first cabinet's link opens it inside the console.
  const first = page.getByTestId('cabinet-row').first().getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await nav.getByRole('link', { name: 'メンバーグループ' }).click();
  await expectPage(page, 'メンバーグループ');
  const groupsHtml = await reloadHtml(page);
  const groups = count(groupsHtml, 'group-row');
  expect(groups).toBeGreaterThan(1);
  expect(rootOf(groupsHtml)).toContain('すべてのメンバー');
  await expect(page.getByTestId('group-row')).toHaveCount(groups);
  await page.getByRole('button', { name: 'グループを作成' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await nav.getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');
  await pickFromMenu(page, 'CSVで一括操作', '一括操作の履歴');
  await expectPage(page, '一括操作の履歴');
  const historyHtml = rootOf(await reloadHtml(page));
  // Rows when runs were made before this test, else the empty history's sentence: never an empty page.
  expect(historyHtml).toMatch(/data-testid="history-row"|まだ一括操作はありません。/);

  // A run of 書類情報の一括編集 (its check refuses the unknown id), then its history by the breadcrumb.
  await nav.getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await page.getByRole('button', { name: 'CSVで一括編集' }).click();
  await page.getByRole('menuitem', { name: '書類情報の一括編集' }).click();
  await expectPage(page, '書類情報の一括編集');
  await uploadCsv(
    page,
    'attributes.csv',
    `書類ID,更新日時,取引金額\r\n${UNKNOWN_ID},2001-01-01 00:00:00,1000\r\n`,
  );
  await expectPage(page, '書類情報の一括編集の確認', '書類情報の一括編集 チェック結果');
  await page
    .getByRole('navigation', { name: 'パンくずリスト' })
    .getByRole('link', { name: '書類情報の一括編集の履歴' })
    .click();
  await expectPage(page, '書類情報の一括編集の履歴');
  const attributeHtml = await reloadHtml(page);
  expect(count(attributeHtml, 'history-row')).toBeGreaterThan(0);
  expect(rootOf(attributeHtml)).toContain('attributes.csv');
  await page.getByTestId('history-row').first().getByRole('link').first().click();
  await expectPage(page, '書類情報の一括編集の確認', '書類情報の一括編集 チェック結果');

  expect(problems).toEqual([]);
});

test('監査ログ arrives with its events for the auditor, and an event opens in words', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = collectWarnings(page);
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  await expectPage(page, '監査ログ');
  const html = await reloadHtml(page);
  const events = count(html, 'audit-event');
  expect(events).toBeGreaterThan(0);
  expect(events).toBeLessThanOrEqual(50);
  // The other company's events are never in it.
  expect(html).not.toContain('admin@other.example.com');
  await expect(page.getByTestId('audit-event')).toHaveCount(events);
  await page.getByTestId('audit-event').first().getByRole('button').first().click();
  await expect(page.getByTestId('audit-event-detail').first()).toBeVisible();
  expect(problems).toEqual([]);
});
