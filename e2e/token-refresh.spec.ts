import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, login } from './support/auth.ts';

test('a token near its expiry is refreshed without the user noticing', async ({ page }) => {
  await page.clock.install();
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/token/jwt')) tokenRequests.push(request.url());
  });
  await login(page, DEMO.admin, '/cabinets');
  await expect(page).toHaveTitle('キャビネット | クラウドサイン');
  // The site renders the first screen (title included) before its deferred config script asks for the token.
  await expect.poll(() => tokenRequests.length).toBeGreaterThan(0);
  const before = tokenRequests.length;

  // Tokens live 5 minutes; from 30 s before exp on the console must fetch a new one (spec §4, §9).
  await page.clock.fastForward('04:35');
  // The next navigation re-reads the user in the background: an api call that needs a fresh token.
  const meAnswer = page.waitForResponse((response) => response.url() === `${API_URL}/me`);
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'メンバーグループ' })
    .click();
  expect((await meAnswer).status()).toBe(200);
  await expect(page).toHaveTitle('メンバーグループ | クラウドサイン');
  await expect.poll(() => tokenRequests.length).toBeGreaterThan(before);
  await expect(page).toHaveURL(/\/member_groups$/);
  await expect(page.locator('[data-layout="default"]')).toBeVisible();
});
