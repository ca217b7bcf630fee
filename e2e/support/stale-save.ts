import { expect, type Browser, type Locator } from '@playwright/test';
import { DEMO, login } from './auth.ts';

/** Issue 30 "Lost updates": what a refused save says (the server's message, shown inside the form). */
export const STALE =
  'ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。';

/** A second admin: his own browser (context), signed in and on `landing`. */
export async function admin(browser: Browser, landing: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await login(page, DEMO.admin, landing);
  return { page, close: () => context.close() };
}

/** The refusal inside the form, then the reload, then what the other admin changed. */
export async function refusedThenReloaded(form: Locator, changed: RegExp) {
  const refused = form.getByRole('alert').filter({ hasText: STALE });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('入力した内容は消えません。');
  await refused.getByRole('button', { name: '最新の内容を読み込む' }).click();
  const reloaded = form.getByRole('status').filter({ hasText: '最新の内容を読み込みました' });
  await expect(reloaded).toContainText(changed);
  await expect(reloaded).toContainText('入力した内容はそのまま残っています。');
}
