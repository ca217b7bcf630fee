import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';

// The API reference is public (docs/design.md §1): a browser without any session or token opens it and reads
// the operations, with every script and style the page loads.
test('the API reference at /docs opens without a token and lists the operations', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.url().startsWith(`${API_URL}/docs`) && res.status() >= 400)
      failed.push(`${res.status()} ${res.url()}`);
  });
  const res = await page.goto(`${API_URL}/docs`);
  expect(res?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { name: /クラウドサイン 企業管理コンソール API/ }),
  ).toBeVisible();
  const me = page.locator('.opblock').filter({ has: page.locator('[data-path="/me"]') });
  await expect(me.first()).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/documents"]').first()).toBeVisible();
  expect(failed).toEqual([]);
});
