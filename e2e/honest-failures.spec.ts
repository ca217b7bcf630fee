import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';
import { mainNav } from './support/journeys.ts';

/** Navigations of the tab itself (reloads, trips to the login page and back). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

/** The one goto: the login page; an admin lands on メンバー. */
async function signIn(page: Page) {
  await page.goto('/login');
  await submitLogin(page, DEMO.admin);
  // The first page of a fresh browser loads every chunk cold: on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1, name: 'メンバー' })).toBeVisible({
    timeout: 45_000,
  });
}

test.use({ viewport: { width: 1280, height: 800 } });

/** A deploy replaced a page's chunk: every request for it is refused until `serve` is called. */
async function refuseChunk(page: Page, chunk: RegExp) {
  const refusal = { requests: 0, serve: () => page.unroute(chunk) };
  await page.route(chunk, (route) => {
    refusal.requests += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  return refusal;
}
const CABINETS_CHUNK = /\/assets\/cabinets-page-[^/]+\.js$/;
const MEMBERS_CHUNK = /\/assets\/members-page-[^/]+\.js$/;

/** What the person sees once the guard's one reload is spent: the error page inside the layout. */
async function expectChunkErrorPage(page: Page, path = /\/cabinets$/) {
  const error = page.getByTestId('page-error');
  await expect(error).toBeVisible();
  await expect(error.getByRole('heading', { name: '画面を読み込めませんでした' })).toBeVisible();
  await expect(error).toContainText(
    '画面の読み込みに失敗しました。新しいバージョンが公開されたか、通信が途切れた可能性があります。画面を再読み込みしてください。',
  );
  await expect(error.getByRole('button', { name: '再読み込み' })).toBeVisible();
  // Inside the layout: the header (company name) and the navigation stay, so the person can go elsewhere.
  await expect(page.getByTestId('company-name')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'メンバー', exact: true })).toBeVisible();
  await expect(page).toHaveURL(path);
  return error;
}

test('a page whose code cannot be loaded reloads once, then shows the error page in the layout with 再読み込み', async ({
  page,
}) => {
  await signIn(page);
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'キャビネット' })).toBeVisible();
  const chunk = await refuseChunk(page, CABINETS_CHUNK);
  const loads = countLoads(page);
  await page.reload();

  const error = await expectChunkErrorPage(page);
  // The person's reload, then the guard's one reload of the same page; no third.
  expect(chunk.requests).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  expect(loads.count).toBe(2);
  await page.screenshot({ path: 'e2e/.artifacts/chunk-load-failure.png' });

  // The chunk is back: 再読み込み shows the page.
  await chunk.serve();
  await error.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'キャビネット' })).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);
});

test('a click to a page whose code cannot be loaded reloads that page once, then shows the error page in the layout', async ({
  page,
}) => {
  // Refused from the start, so the idle prefetch cannot have fetched it before the click.
  const chunk = await refuseChunk(page, CABINETS_CHUNK);
  await signIn(page);
  const loads = countLoads(page);
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();

  // The guard reloads the page the click led to (not the メンバー page being left), then stops there.
  const error = await expectChunkErrorPage(page);
  await page.waitForTimeout(1500);
  expect(loads.count).toBe(2); // the click's history entry, then the guard's reload of /cabinets
  expect(chunk.requests).toBeGreaterThan(0);

  // The navigation still works from the error page, and 再読み込み shows the page once the chunk is served.
  await chunk.serve();
  await error.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'キャビネット' })).toBeVisible();
});

test('a page the site rendered whose code cannot be loaded shows the error page in the layout, not a blank page', async ({
  page,
}) => {
  await signIn(page);
  // メンバー comes rendered by the site; the console hydrates it once the page's chunk is here.
  const chunk = await refuseChunk(page, MEMBERS_CHUNK);
  const loads = countLoads(page);
  await page.reload();

  const error = await expectChunkErrorPage(page, /\/company\/members/);
  await page.waitForTimeout(1500);
  expect(loads.count).toBe(2);
  expect(chunk.requests).toBeGreaterThan(0);

  await chunk.serve();
  await error.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'メンバー' })).toBeVisible();
  await expect(page.getByTestId('page-error')).toHaveCount(0);
});

test('a token the site refuses while it keeps the session: one trip to login, then the error page with ログアウト', async ({
  page,
}) => {
  await signIn(page);
  // A page the browser renders itself, so the reload below asks the site for a token (a page the site renders
  // is given its first reads with a token minted on the site's side).
  await mainNav(page).getByRole('link', { name: '企業設定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '企業設定' })).toBeVisible();
  // From now on the site refuses the token, but its login page still accepts the session.
  let tokenCalls = 0;
  await page.route('**/api/token/jwt', (route) => {
    tokenCalls += 1;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'forbidden', message: 'ログインが必要です。', requestId: 'e2e' },
      }),
    });
  });
  const loads = countLoads(page);
  await page.reload();

  const errorPage = page.locator('[data-layout="error-default"]');
  await expect(errorPage).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    'ログイン状態を確認できませんでした。お手数ですが、ログアウトしてから、もう一度ログインしてください。',
  );
  // It stays put: one trip to the login page and back, no more.
  const settled = { loads: loads.count, tokenCalls };
  await page.waitForTimeout(3000);
  expect({ loads: loads.count, tokenCalls }).toEqual(settled);
  expect(settled.loads).toBeLessThanOrEqual(4);
  expect(settled.tokenCalls).toBeLessThanOrEqual(3);
  await expect(errorPage.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/token-refused.png' });

  // ログアウト works although the site still refuses a token: the session ends and the login page shows.
  const logoutCall = page.waitForResponse('**/api/company/logout');
  await errorPage.getByRole('button', { name: 'ログアウト' }).click();
  expect((await logoutCall).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('メールアドレス')).toBeVisible();
  // The session is over on the site, not only in this tab: the console sends the browser to the login page.
  await page.unrouteAll();
  await page.goto('/cabinets');
  await expect(page).toHaveURL(/\/login\?return_to=/);
  await expect(page.getByLabel('メールアドレス')).toBeVisible();
});
