import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, login } from './support/auth.ts';
import { startAt } from './support/journeys.ts';

test('a session the site accepts but the api refuses: one trip to login, then the error page with ログアウト', async ({
  page,
}) => {
  await startAt(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: 'メンバー' })).toBeVisible();
  // A page the browser renders itself: the refusal below is staged in this browser only, and a page the site
  // renders would read /me on the site's side, where the api (not refusing there) would answer.
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '企業設定' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '企業設定' })).toBeVisible();
  // From now on the api refuses the user while the site's session stays alive.
  await page.route(`${API_URL}/me`, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'unauthenticated', message: 'ログインが必要です。', requestId: 'e2e' },
      }),
    }),
  );
  let documentLoads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documentLoads += 1;
  });
  await page.reload();
  const errorPage = page.locator('[data-layout="error-default"]');
  await expect(errorPage).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    'ログイン状態を確認できませんでした。お手数ですが、ログアウトしてから、もう一度ログインしてください。',
  );
  // It stays put: no more trips to the login page.
  const settled = documentLoads;
  await page.waitForTimeout(2000);
  expect(documentLoads).toBe(settled);
  expect(settled).toBeLessThanOrEqual(4);
  await errorPage.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: '次へ' })).toBeVisible();
});

test.describe('GTM', () => {
  // The server sets script-src for googletagmanager.com only when GTM_ID is set; this run has none.
  test.use({ bypassCSP: true });

  test('with an id configured the container loads (no jQuery to wait for)', async ({ page }) => {
    await page.route('**/console-config.js', async (route) => {
      const original = await route.fetch();
      const body = (await original.text()).replace('"gtmId":null', '"gtmId":"GTM-E2ETEST"');
      await route.fulfill({ response: original, body });
    });
    const gtmRequest = page.waitForRequest(/googletagmanager\.com\/gtm\.js\?id=GTM-E2ETEST/);
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'window.__gtmLoaded = true;',
      }),
    );
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await startAt(page, DEMO.admin);
    await gtmRequest;
    await expect(
      page.locator('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST"]'),
    ).toHaveCount(1);
    await expect
      .poll(() => page.evaluate(() => (globalThis as { __gtmLoaded?: boolean }).__gtmLoaded))
      .toBe(true);
    expect(logged.join('\n')).not.toContain('gtm の設定に失敗しました。');
  });
});

test('a list page past the end says so and offers the last page', async ({ page }) => {
  await login(page, DEMO.admin, '/company/members?page=999');
  await expect(page.getByTestId('past-last-page')).toContainText('999ページ目はありません');
  await page.getByRole('button', { name: '最後のページへ' }).click();
  await expect(page).toHaveURL(/page=\d+$/);
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByTestId('past-last-page')).toHaveCount(0);
  await expect(page.getByTestId('member-total')).toContainText('名を表示');
});

test('the document list and the documents of a cabinet past the end say so and offer the last page', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents?page=999');
  await expect(page.getByTestId('past-last-page')).toContainText('999ページ目はありません');
  await page.getByRole('button', { name: '最後のページへ' }).click();
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByTestId('past-last-page')).toHaveCount(0);
  await expect(page.getByTestId('document-row').first()).toBeVisible();

  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'キャビネット' })
    .click();
  await page.getByRole('main').getByRole('link', { name: '営業契約', exact: true }).click();
  await expect(page.getByTestId('document-row').first()).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}?page=999`);
  await expect(page.getByTestId('past-last-page')).toContainText('999ページ目はありません');
  await expect(page.getByTestId('document-row')).toHaveCount(0);
  await page.getByRole('button', { name: '最後のページへ' }).click();
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByTestId('document-row').first()).toBeVisible();
});
