/**
 * The first screen rendered by the site (docs/design.md §1): the members and documents pages arrive with
 * their rows, readable before any script has run, and the console then takes them over without a flash or a
 * warning: the rows open their details, searches run, navigation works.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { collectWarnings } from './support/console-messages.ts';
import { countIn as count, reloadRenderedHtml } from './support/first-screen.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

/** Reloads the page as F5 would; answers the page's own HTML as the site sent it, rendered. */
async function reloadHtml(page: Page): Promise<string> {
  const { html, response } = await reloadRenderedHtml(page);
  expect(response.headers()['cache-control']).toBe('no-store');
  return html;
}

test('the members and documents pages arrive with their rows, and the console takes them over', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = collectWarnings(page);
  await startAt(page, DEMO.admin);
  const nav = mainNav(page);

  await nav.getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');
  const membersHtml = await reloadHtml(page);
  // The whole first page of members is in the HTML itself, with the header and the menu around it.
  expect(count(membersHtml, 'member-row')).toBe(50);
  expect(membersHtml).toContain('admin@example.com');
  expect(membersHtml).toContain('株式会社サンプル商事');
  expect(membersHtml).toContain('<title>メンバー | クラウドサイン</title>');
  // Another company's members are never in it.
  expect(membersHtml).not.toContain('admin@other.example.com');
  await expect(page.getByTestId('member-row')).toHaveCount(50);

  // Hydrated: a row opens its drawer, a search runs and changes the URL and the rows.
  await page.getByTestId('member-row').first().click();
  await expect(page.getByRole('dialog', { name: 'メンバーの詳細' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'キーワード' }).fill('member@example');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keyword=member%40example/);
  await expect(page.getByTestId('member-row')).toHaveCount(1);

  // The searched URL, reloaded, arrives with the searched rows.
  const searchedHtml = await reloadHtml(page);
  expect(count(searchedHtml, 'member-row')).toBe(1);
  expect(searchedHtml).toContain('member@example.com');

  await nav.getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  const documentsHtml = await reloadHtml(page);
  expect(count(documentsHtml, 'document-row')).toBeGreaterThan(5);
  await page.getByTestId('document-row').first().click();
  await expect(page.getByTestId('document-detail-panel')).toBeVisible();

  // Back to a page the browser renders itself: client navigation still works from a hydrated page.
  await nav.getByRole('link', { name: '企業設定' }).click();
  await expectPage(page, '企業設定');

  expect(problems).toEqual([]);
});

test('the rows are readable at 1280×800 before any script has run', async ({ browser, page }) => {
  await startAt(page, DEMO.admin);
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'ja-JP',
    viewport: { width: 1280, height: 800 },
    storageState: await page.context().storageState(),
  });
  try {
    const still = await noScript.newPage();
    // Rendered only when the site's reads answer within its budget: a loaded machine's plain page (which,
    // without scripts, stays empty) is not the page under test, so it is opened again.
    await expect(async () => {
      await still.goto('/company/members');
      await expect(still.getByTestId('member-row').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(still.getByRole('heading', { name: 'メンバー', level: 1 })).toBeVisible();
    await expect(still.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
    // Laid out by the console's stylesheet: the rows fit the window, nothing runs off to the side.
    const width = await still
      .locator('html')
      .evaluate((el: { scrollWidth: number }) => el.scrollWidth);
    expect(width).toBeLessThanOrEqual(1280);
    const row = await still.getByTestId('member-row').first().boundingBox();
    expect(row!.height).toBeGreaterThan(40);
    expect(row!.height).toBeLessThan(80);
    await still.screenshot({ path: 'e2e/.artifacts/first-screen-members-no-script.png' });
  } finally {
    await noScript.close();
  }
});
