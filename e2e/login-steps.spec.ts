import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/auth.ts';
import { SITE_URL } from './playwright.config.ts';

const ARTIFACTS = new URL('./.artifacts/', import.meta.url).pathname;

/**
 * The email-first login as a browser sees it, with JavaScript off: the site's forms alone must carry a person
 * from the email to the password to the console's URL.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

test('email → 「次へ」 → the password step (email read-only, 「変更」 back) → signed in to return_to', async ({
  page,
}) => {
  await page.goto('/login?return_to=%2Fcabinets');
  const email = page.getByLabel('メールアドレス');
  await expect(email).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel('パスワード', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}login-step1-email.png` });
  await email.fill(DEMO.admin);
  await page.getByRole('button', { name: '次へ' }).click();

  await expect(page.getByLabel('メールアドレス')).toHaveValue(DEMO.admin);
  await expect(page.getByLabel('メールアドレス')).not.toBeEditable();
  const password = page.getByLabel('パスワード', { exact: true });
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(page.getByRole('link', { name: 'パスワードをお忘れの方' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}login-step2-password.png` });

  await page.getByRole('link', { name: '変更', exact: true }).click();
  await expect(page.getByRole('button', { name: '次へ' })).toBeVisible();
  await expect(page.getByLabel('パスワード', { exact: true })).toHaveCount(0);

  await page.getByLabel('メールアドレス').fill(DEMO.admin);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByLabel('パスワード', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'メールアドレスまたはパスワードが正しくありません。',
  );
  await expect(page.getByLabel('メールアドレス')).toHaveValue(DEMO.admin);
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(`${SITE_URL}/cabinets`);
});

test('an unknown address also reaches the password step and fails there with the same message', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('nobody@example.com');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByLabel('メールアドレス')).toHaveValue('nobody@example.com');
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'メールアドレスまたはパスワードが正しくありません。',
  );
});

test('an address typed with 「＠」 and a password typed with the IME on are taken as meant, in Japanese', async ({
  page,
}) => {
  await page.goto('/login');
  // No English browser check on the address: the site folds it as the admin forms do.
  await page.getByLabel('メールアドレス').fill('ADMIN＠example.com');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByLabel('メールアドレス')).toHaveValue(DEMO.admin);
  await expect(page.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute(
    'href',
    `/password_forgot?email=${encodeURIComponent(DEMO.admin)}`,
  );

  // The right password typed in full width: said so, and not counted as a failure.
  await page.getByLabel('パスワード', { exact: true }).fill('ｐａｓｓｗｏｒｄ');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'パスワードが全角で入力されています。入力モード（IME）をオフにして、半角で入力し直してください。この入力はログインの失敗には数えていません。',
  );
  await page.screenshot({ path: `${ARTIFACTS}login-full-width-password.png` });

  // 「パスワードをお忘れの方」 opens with the address already filled in.
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page.getByLabel('メールアドレス')).toHaveValue(DEMO.admin);
  await page.getByRole('link', { name: 'ログイン画面に戻る' }).click();
  await page.getByLabel('メールアドレス').fill(DEMO.admin);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE_URL}/`));
  await expect(page).not.toHaveURL(/\/login/);
});
