import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, login } from './support/auth.ts';
import { forceTheme } from './support/theme.ts';

const ARTIFACTS = new URL('./.artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

for (const theme of ['cloudsign', 'smbc-cloudsign'] as const) {
  test(`members page and error page look right in the ${theme} theme`, async ({ page }) => {
    await forceTheme(page, API_URL, theme);
    await login(page, DEMO.admin, '/company/members');
    await expect(page).toHaveTitle('メンバー | クラウドサイン');
    await expect(
      page
        .getByRole('img', { name: theme === 'cloudsign' ? 'クラウドサイン' : 'SMBCクラウドサイン' })
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${ARTIFACTS}members-${theme}.png` });

    await page.goto('/company/members/bulk_add/upload');
    await expect(page.getByTestId('sub-nav')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${ARTIFACTS}member-bulk-${theme}.png` });

    await page.goto('/cabinets/not-an-id');
    await expect(page.locator('[data-layout="error-default"]')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}error-${theme}.png` });
  });
}
