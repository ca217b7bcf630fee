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
    // The members list is rendered by the site with the real theme: reached by the menu from a page the
    // browser renders (see forceTheme).
    await login(page, DEMO.admin, '/company/settings');
    await page
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('link', { name: 'メンバー', exact: true })
      .click();
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

test('the user menu, the attribute bulk upload page and the add-members panel as an admin sees them', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/members');
  await page.getByRole('button', { name: /ユーザーメニュー/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menu').getByText(DEMO.admin)).toBeVisible();
  // The menu lies above the page (a trial click fails when another element would receive the click), and
  // the screenshot waits for its fade-in to end.
  await page.getByRole('menuitem', { name: 'ログアウト' }).click({ trial: true });
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${ARTIFACTS}user-menu.png` });
  await page.keyboard.press('Escape');

  // A group that does not exist keeps the page's level-one heading above its message.
  await page.goto('/member_groups/00000000-0000-4000-8000-00000000abcd');
  await expect(
    page.getByRole('heading', { level: 1, name: 'グループが見つかりません' }),
  ).toBeVisible();
  await expect(page.getByText('ご指定のグループが見つかりませんでした。')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}member-group-missing.png` });

  await page.goto('/company/documents/attributes/bulk_edit/upload');
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  await expect(page.locator('input[type=file]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${ARTIFACTS}attribute-bulk-upload.png` });

  await page.goto('/member_groups');
  await page.getByRole('link', { name: '営業部' }).first().click();
  await expect(page).toHaveURL(/\/member_groups\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const picker = page.getByLabel('追加するメンバー');
  await picker.fill('佐藤');
  // The API searches as one types: the options shown are the search's, not the first 50 by name.
  await expect(page.getByRole('option').first()).toContainText('佐藤');
  await page.screenshot({ path: `${ARTIFACTS}add-members-panel.png` });
});
