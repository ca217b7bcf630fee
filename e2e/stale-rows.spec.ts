/**
 * While a list still shows the previous conditions' rows, a click never opens one of them: the rows are dimmed and
 * busy until the searched result is there, and the click lands on that result (a slow answer is held here).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { mainNav, startAt } from './support/journeys.ts';

/** Holds the api's answer to a keyword search of `path` for `ms`. */
async function slowSearches(page: Page, path: string, ms: number) {
  await page.route(
    (url) => url.pathname.endsWith(path) && url.searchParams.has('keyword'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue().catch(() => undefined);
    },
  );
}

test('members: a row clicked while the search is answering opens the member searched for', async ({
  page,
}) => {
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  await slowSearches(page, '/members', 2000);
  await page.getByRole('textbox', { name: 'キーワード' }).fill('member@example.com');
  await page.getByRole('button', { name: '検索' }).click();
  // The old rows are still there, but busy: they take no click.
  await expect(page.getByTestId('member-rows')).toHaveAttribute('aria-busy', 'true');
  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByText('member@example.com')).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-rows')).not.toHaveAttribute('aria-busy', 'true');
});

test('documents: a row clicked while the search is answering opens a document found', async ({
  page,
}) => {
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: '書類', exact: true }).click();
  await expect(page.getByTestId('document-row').first()).toBeVisible();
  await slowSearches(page, '/documents', 2000);
  await page.getByRole('textbox', { name: 'キーワード' }).fill('秘密保持');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByTestId('document-rows')).toHaveAttribute('aria-busy', 'true');
  await page.getByTestId('document-row').first().click();
  await expect(page.getByTestId('document-detail-panel')).toContainText('秘密保持');
});
