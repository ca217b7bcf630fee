import { expect, type Locator, type Page } from '@playwright/test';
import { submitLogin } from './auth.ts';

/**
 * Click-only journeys: the one `goto` is the login page; everything after is a click, as a person finds the
 * product. Each step asserts the page's title and its visible heading.
 */
export async function startAt(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
}

/** The page is `title` (document title from the route table) with `heading` as its h1. */
export async function expectPage(page: Page, title: string, heading: string | RegExp = title) {
  await expect(page).toHaveTitle(`${title} | クラウドサイン`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'メインメニュー' });
/** The bulk pages' left column: the way back to the list and the bulk navigation. */
export const subNav = (page: Page) => page.getByTestId('sub-nav');

/** Opens a header menu (「CSVで一括操作」…) and picks an item. */
export async function pickFromMenu(page: Page, button: string, item: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function uploadCsv(page: Page, name: string, text: string | Buffer) {
  const buffer = typeof text === 'string' ? Buffer.from(`\uFEFF${text}`, 'utf8') : text;
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** Clicks a history row away from its link: the whole row opens the run. */
export async function openFirstHistoryRow(page: Page) {
  const row: Locator = page.getByTestId('history-row').first();
  await row.locator('td').nth(2).click();
}
