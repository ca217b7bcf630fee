/**
 * Member groups: create a group, add three members through the multiselect,
 * remove one (the total drops by exactly one), rename it, delete it; a screenshot of the group's page.
 */
import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

test('an admin creates a group, adds three members, removes one and deletes the group', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await login(page, DEMO.admin, '/member_groups');
  await expect(page).toHaveTitle('メンバーグループ | クラウドサイン');
  await expect(page.getByTestId('group-row').first()).toContainText('すべてのメンバー');

  const name = `E2Eチーム${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'グループを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループを作成' });
  await dialog.getByLabel('グループ名').fill(name);
  await dialog.getByLabel('備考').fill('ブラウザテストで作成');
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(page).toHaveURL(/\/member_groups\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  await expect(page.getByText('このグループにはまだメンバーがいません。')).toBeVisible();

  // Add three members through the spec's multiselect.
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const picker = page.getByLabel('追加するメンバー');
  for (const query of ['member@example.com', '佐藤', '鈴木']) {
    await picker.fill(query);
    // The API searches as one types: wait for its answer, not the previous search's options.
    await page
      .getByRole('option', { name: new RegExp(query) })
      .first()
      .click();
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('3名をグループに追加しました。')).toBeVisible();
  await expect(page.getByTestId('group-member-row')).toHaveCount(3);
  await expect(page.getByTestId('group-member-total')).toHaveText('3名');
  // The count is said once on the page, not in the header and again above the list.
  await expect(page.getByRole('main').getByText(/^(メンバー ?)?[\d,]+名$/)).toHaveCount(1);
  await page.screenshot({ path: 'e2e/.artifacts/member-group-page.png' });

  // Remove one: the total drops by exactly one.
  await page
    .getByTestId('group-member-row')
    .first()
    .getByRole('button', { name: /グループから外す$/ })
    .click();
  await page
    .getByRole('dialog', { name: 'グループから外す' })
    .getByRole('button', { name: '外す' })
    .click();
  await expect(page.getByText(/をグループから外しました（1名）。/)).toBeVisible();
  await expect(page.getByTestId('group-member-total')).toHaveText('2名');
  await expect(page.getByTestId('group-member-row')).toHaveCount(2);

  // Rename.
  await page.getByRole('button', { name: '名前・備考を編集' }).click();
  const edit = page.getByRole('dialog', { name: 'グループを編集' });
  await edit.getByLabel('グループ名').fill(`${name}改`);
  await edit.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('heading', { name: `${name}改` })).toBeVisible();

  // Delete with a confirmation naming the group.
  await page.getByRole('button', { name: 'グループを削除' }).click();
  const confirm = page.getByRole('dialog', { name: 'グループを削除' });
  await expect(
    confirm.getByText(`グループ「${name}改」を削除します。`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: '削除する' }).click();
  await expect(page).toHaveURL(/\/member_groups$/);
  await expect(page.getByRole('link', { name: `${name}改` })).toHaveCount(0);
});

test('the system group is read-only and lists everyone', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/member_groups');
  await page.getByRole('link', { name: 'すべてのメンバー' }).click();
  await expect(page.getByText('変更・削除はできません。', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'グループを削除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'メンバーを追加' })).toHaveCount(0);
  await expect(page.getByTestId('group-member-total')).toHaveText(/^[\d,]+名$/);
});
