/**
 * Session limits by clicks (issue 34): an admin sets an idle timeout in 企業設定 › セキュリティ after reading
 * the preview; a member signed in in another browser who then leaves it alone is sent to the login page with
 * 「一定時間操作がなかったため、ログアウトしました」, the page to return to kept, and his session has ended. The
 * member's browser runs a fake clock (Playwright's) so that 15 minutes pass in a second; the server is not
 * touched. The timeout is switched off again at the end (the demo company is shared by the other specs).
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, submitLogin } from './support/auth.ts';

async function openSecurity(page: Page) {
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: '企業設定' })
    .click();
  await expect(page).toHaveTitle('企業設定 | クラウドサイン');
  const section = page.getByRole('region', { name: 'セキュリティ' });
  await expect(section.getByLabel('ログインの有効期間（時間）')).toBeVisible();
  return section;
}

/** Sets the idle switch (and minutes) and saves through the preview; a state left by an earlier try is fine. */
async function setIdle(page: Page, minutes: number | null) {
  const section = await openSecurity(page);
  const toggle = section.getByRole('switch', { name: '操作がないときに自動でログアウトする' });
  if ((await toggle.isChecked()) !== (minutes !== null)) await toggle.click();
  if (minutes !== null) await section.getByLabel('無操作タイムアウト（分）').fill(String(minutes));
  const confirm = section.getByRole('button', { name: 'セキュリティの変更内容を確認' });
  if (await confirm.isDisabled()) return null; // already so
  await confirm.click();
  const dialog = page.getByRole('dialog', { name: 'セッションの制限の変更' });
  await expect(dialog).toBeVisible();
  return { section, dialog };
}

test('an idle timeout sends a member left alone to the login page, with the reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible({
    timeout: 60_000,
  });

  // A value out of range is refused with the field's own words, before anything is sent.
  const section = await openSecurity(page);
  const toggle = section.getByRole('switch', { name: '操作がないときに自動でログアウトする' });
  if (!(await toggle.isChecked())) await toggle.click();
  await section.getByLabel('無操作タイムアウト（分）').fill('5');
  await section.getByRole('button', { name: 'セキュリティの変更内容を確認' }).click();
  await expect(section.getByText(/「無操作タイムアウト（分）」は15から1440まで/)).toBeVisible();

  const opened = await setIdle(page, 15);
  expect(opened).not.toBeNull();
  const { dialog } = opened!;
  await expect(dialog.getByText('無操作タイムアウト: 15分')).toBeVisible();
  await expect(
    dialog.getByText(
      /今すぐログアウトするメンバーはいません|名（\d+件のログイン）が次の操作でログアウトします/,
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/session-limits-preview.png' });
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('セッションの制限を変更しました。')).toBeVisible();
  await expect(section.getByLabel('無操作タイムアウト（分）')).toHaveValue('15分');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/.artifacts/session-limits-panel.png' });

  // The member signs in in another browser, then leaves it alone for 16 minutes.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const member = await other.newPage();
    await member.clock.install();
    await member.goto('/login?return_to=%2Fcabinets');
    await submitLogin(member, DEMO.member);
    await expect(member).toHaveTitle('キャビネット | クラウドサイン', { timeout: 60_000 });
    await expect(member.locator('[data-layout]').first()).toBeVisible({ timeout: 60_000 });
    // The site rendered the page: the console's idle watch starts once it has taken the page over.
    await expect(member.locator('html[data-console-ready]')).toBeAttached({ timeout: 60_000 });
    await member.clock.fastForward('16:00');
    await expect(member).toHaveURL(/\/login\?/);
    await expect(
      member.getByText(
        '一定時間操作がなかったため、ログアウトしました。もう一度ログインしてください。',
      ),
    ).toBeVisible();
    expect(new URL(member.url()).searchParams.get('return_to')).toBe('/cabinets');
    await member.screenshot({ path: 'e2e/.artifacts/session-limits-login.png' });
    // The session really ended: the console behind the back button asks for a login again.
    await member.goBack();
    await expect(member).toHaveURL(/\/login\?/);
    await expect(member.getByLabel('メールアドレス')).toBeVisible();
  } finally {
    await other.close();
  }

  // Put back: no idle timeout for the other specs.
  const off = await setIdle(page, null);
  if (off) {
    await off.dialog.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByText('セッションの制限を変更しました。')).toBeVisible();
  }
});
