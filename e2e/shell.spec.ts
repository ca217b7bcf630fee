import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet, login, submitLogin } from './support/auth.ts';
import { HAS_GLOBAL_NAV, HAS_SUB_NAV, SPEC_ROUTES } from './support/routes.ts';

const TITLE_SUFFIX = ' | クラウドサイン';
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';

test('a new visitor to the members page signs in and comes back to it', async ({ page }) => {
  await page.goto('/company/members');
  await expect(page).toHaveURL(/\/login\?return_to=%2Fcompany%2Fmembers$/);
  await submitLogin(page, DEMO.admin);
  await expect(page).toHaveURL(/\/company\/members$/);
  await expect(page).toHaveTitle('メンバー | クラウドサイン');
  await expect(page.locator('[data-layout="default"]')).toBeVisible();
  await expect(page.getByTestId('company-name')).not.toBeEmpty();
});

test('the top page sends an admin to the members and a member to the cabinets', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/company\/members$/);
  await page.context().clearCookies();
  await login(page, DEMO.member);
  await expect(page).toHaveURL(/\/cabinets$/);
  // Admin-only navigation is hidden from a member without privileges.
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(nav.getByRole('link', { name: 'キャビネット' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '書類' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'メンバー', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'メンバーグループ' })).toHaveCount(0);
});

test('every route of spec §2 renders its title and layout', async ({ page }) => {
  // 23 page loads: on a shared machine the default 90 s is not always enough.
  test.setTimeout(240_000);
  await login(page, DEMO.admin);
  const { cabinets } = await apiGet<{ cabinets: { id: string; name: string }[] }>(
    page,
    API_URL,
    '/cabinets',
  );
  const { memberGroups } = await apiGet<{ memberGroups: { id: string; name: string }[] }>(
    page,
    API_URL,
    '/member_groups',
  );
  const cabinet = cabinets.find((c) => c.name !== 'すべての書類') ?? cabinets[0]!;
  const group = memberGroups[memberGroups.length - 1]!;
  const ids = { cabinet: cabinet.id, group: group.id, manipulation: UNKNOWN_ID };
  const names = { cabinet: cabinet.name, group: group.name };

  for (const route of SPEC_ROUTES) {
    const url = route.path.replace('{id}', route.param ? ids[route.param] : '');
    await test.step(url, async () => {
      await page.goto(url);
      const layout = page.locator(`[data-layout="${route.layout}"]`);
      await expect(layout, `${url} layout`).toBeVisible();
      if (route.param === 'cabinet' || route.param === 'group') {
        // Detail pages show the object's name (or the route's title while it loads).
        await expect(page).toHaveTitle(
          new RegExp(
            `^(${names[route.param]}|${route.param === 'cabinet' ? 'キャビネット' : 'メンバーグループ'}) \\| クラウドサイン$`,
          ),
        );
      } else {
        await expect(page, `${url} title`).toHaveTitle(`${route.title}${TITLE_SUFFIX}`);
      }
      await expect(page.getByTestId('global-nav')).toHaveCount(
        HAS_GLOBAL_NAV.has(route.layout) ? 1 : 0,
      );
      await expect(page.getByTestId('sub-nav')).toHaveCount(HAS_SUB_NAV.has(route.layout) ? 1 : 0);
    });
  }
});

test('an unknown path is a non-fatal 404 inside the layout', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/no/such/page?x=1');
  await expect(page.getByTestId('not-found-message')).toHaveText('URL: /no/such/page?x=1');
  await expect(page.locator('[data-layout="default"]')).toBeVisible();
  await expect(page.getByTestId('global-nav')).toBeVisible();
  await expect(
    page.getByText('ご指定のページが見つかりませんでした。URLをご確認ください。'),
  ).toBeVisible();
  await page.getByRole('button', { name: '前のページに戻る' }).click();
  await expect(page).toHaveURL(/\/company\/members$/);
});

test('a route parameter that is not an id is a fatal 404', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/cabinets/not-an-id');
  await expect(page.locator('[data-layout="error-default"]')).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    'ご指定のページが見つかりませんでした。URLをご確認ください。',
  );
});

test('document-attribute bulk edit in a business-plan company says it is an enterprise feature', async ({
  page,
}) => {
  await login(page, DEMO.otherAdmin, '/cabinets');
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '書類' })
    .click();
  await expect(page).toHaveURL(/\/company\/documents$/);
  await page.goto('/company/documents/attributes/bulk_manipulations');
  const errorPage = page.locator('[data-layout="error-default"]');
  await expect(errorPage).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    '書類情報の一括編集はエンタープライズプランの機能です。ご契約中のプランではご利用いただけません。',
  );
  await expect(errorPage.getByRole('img')).toBeVisible();
  await expect(errorPage.getByRole('link', { name: 'トップページへ' })).toHaveAttribute(
    'href',
    '/',
  );
  // 前のページに戻る = one step back in history.
  await errorPage.getByRole('button', { name: '前のページに戻る' }).click();
  await expect(page).toHaveURL(/\/company\/documents$/);
  await expect(page.locator('[data-layout="default"]')).toBeVisible();
});

test('console errors reach the api log intake', async ({ page }) => {
  await login(page, DEMO.admin, '/cabinets');
  await page.goto('/cabinets/not-an-id');
  await expect(page.getByTestId('error-message')).toBeVisible();
  // The error loads the browser SDK at once (it is otherwise loaded when the browser is idle); once it has
  // started, it flushes its batch when the page is left.
  await page.waitForFunction(
    () =>
      (
        globalThis as unknown as { DD_LOGS?: { getInitConfiguration: () => unknown } }
      ).DD_LOGS?.getInitConfiguration() !== undefined,
  );
  const intake = page.waitForRequest(
    (request) => request.url().startsWith(`${API_URL}/client-logs`) && request.method() === 'POST',
  );
  await page.goto('/cabinets');
  const batch = (await intake).postData() ?? '';
  expect(batch).toContain('Page Not Found: /cabinets/not-an-id');
});

test('logout returns to the login page and the old session can no longer get a token', async ({
  page,
  playwright,
}) => {
  await login(page, DEMO.admin, '/cabinets');
  const sessionCookies = await page.context().cookies();
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: '次へ' })).toBeVisible();

  const oldSession = await playwright.request.newContext({
    baseURL: page.url(),
    storageState: { cookies: sessionCookies, origins: [] },
  });
  const res = await oldSession.get('/api/token/jwt', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(403);
  await oldSession.dispose();
});
