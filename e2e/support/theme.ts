import type { Page } from '@playwright/test';

/**
 * Test-only theme switch: the api's GET /me answer is rewritten in the browser, so the SMBC theme can be
 * looked at without a product path to change it and without touching the server's database. A page the site
 * renders (the lists: メンバー, 書類, キャビネット, メンバーグループ, 監査ログ, the bulk histories) reads /me on the
 * site's side, with the real theme: reach those by clicks from a page the browser rendered (企業設定, an upload
 * page), not by loading them.
 */
export async function forceTheme(
  page: Page,
  apiUrl: string,
  theme: 'cloudsign' | 'smbc-cloudsign',
) {
  await page.route(`${apiUrl}/me`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: Record<string, unknown> | null };
    await route.fulfill({ response, json: body.user ? { user: { ...body.user, theme } } : body });
  });
}
