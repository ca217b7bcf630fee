/**
 * フリガナ in the member form: kanji is refused with the field's own message, hiragana is saved as katakana,
 * and the list row and the drawer show it. By clicks after the login page.
 */
import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

test('an admin adds a member with フリガナ typed in hiragana; it shows in katakana', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.admin, '/company/members');
  const email = `furigana-${Date.now()}@example.com`;

  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = page.getByRole('dialog', { name: 'メンバーを追加' });
  await create.getByLabel('メールアドレス').fill(email);
  await create.getByLabel('氏名').fill('東海林 凛');
  await create.getByLabel('フリガナ').fill('東海林');
  await create.getByRole('button', { name: '追加する' }).click();
  await expect(
    create.getByText('フリガナはカタカナまたはひらがなで入力してください。'),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/member-furigana-form.png' });

  await create.getByLabel('フリガナ').fill('しょうじ　りん');
  await create.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(/パスワード設定メールを送信しました。/)).toBeVisible();
  await expect(create).toBeHidden();

  // The new member's drawer opens on its own.
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByTestId('member-detail-furigana')).toHaveText('ショウジ　リン');
  await page.screenshot({ path: 'e2e/.artifacts/member-furigana-drawer.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('textbox', { name: 'キーワード' }).fill(email);
  await page.getByRole('button', { name: '検索' }).click();
  const row = page.getByTestId('member-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('member-furigana')).toHaveText('ショウジ　リン');
  await row.click();
  await expect(drawer.getByTestId('member-detail-furigana')).toHaveText('ショウジ　リン');

  // Editing shows the stored katakana; clearing it removes it from the list and the drawer.
  await drawer.getByRole('button', { name: '編集' }).click();
  const form = page.getByRole('dialog', { name: 'メンバーを編集' });
  await expect(form.getByLabel('フリガナ')).toHaveValue('ショウジ　リン');
  await form.getByLabel('フリガナ').fill('');
  await form.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(/を更新しました。/)).toBeVisible();
  await expect(drawer.getByTestId('member-detail-furigana')).toHaveCount(0);
  await expect(row.getByTestId('member-furigana')).toHaveCount(0);
});
