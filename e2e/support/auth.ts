import { expect, type Page } from '@playwright/test';

/** Demo logins of the seed (docs/design.md §1); the password is `password` for all. */
export const DEMO = {
  admin: 'admin@example.com',
  member: 'member@example.com',
  otherAdmin: 'admin@other.example.com',
} as const;
export const DEMO_PASSWORD = 'password';

/** Step 1 of the site's login (the page must show the login): the email, then 「次へ」. */
export async function submitEmail(page: Page, email: string) {
  // After a failed password the page is at step 2: 「変更」 leads back to step 1.
  const change = page.getByRole('link', { name: '変更', exact: true });
  if (await change.isVisible()) await change.click();
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '次へ' }).click();
}

/** Signs in through both steps of the site's login form (the page must already show it). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitEmail(page, email);
  await expect(page.getByLabel('メールアドレス')).toHaveValue(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** Signs in through the real login page and lands on `returnTo` (default: the top page). */
export async function login(page: Page, email: string, returnTo = '/') {
  await page.goto(`/login?return_to=${encodeURIComponent(returnTo)}`);
  await submitLogin(page, email);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
}

/** Calls the api as the signed-in page would (token from the site, Bearer to the api). */
export async function apiGet<T>(page: Page, apiUrl: string, path: string): Promise<T> {
  return page.evaluate(
    async ({ apiUrl, path }) => {
      const tokenRes = await fetch('/api/token/jwt', {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      const { jwt } = (await tokenRes.json()) as { jwt: string };
      const res = await fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${jwt}` } });
      return (await res.json()) as T;
    },
    { apiUrl, path },
  );
}
