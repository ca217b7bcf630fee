/**
 * Finding a member the way the name is typed (issue 32): an admin finds the demo company's 「青木 久美子」
 * (アオキ クミコ) by 「青木久美子」 (no space) and by 「あおき」 (the reading in hiragana) in the member list and
 * in a new group's add-members picker. It changes nothing but a group of its own (a fresh name each run), so
 * a second run on the same database passes too.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

const searchList = async (page: Page, keyword: string) => {
  await page.getByRole('textbox', { name: 'キーワード' }).fill(keyword);
  await page.getByRole('button', { name: '検索' }).click();
};

test('an admin finds 青木 久美子 by 「青木久美子」 and 「あおき」 in the list and the group picker', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.admin, '/company/members');
  // 青木 久美子 (アオキ クミコ) is one of the demo company's members.
  const rows = page.getByTestId('member-row');
  await searchList(page, '青木久美子');
  await expect(page).toHaveURL(/keyword=/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('青木 久美子');

  // The reading in hiragana: every 青木 (アオキ …) and no one else, 青木 久美子 among them.
  await searchList(page, 'あおき');
  await expect(rows.filter({ hasText: '青木 久美子' })).toHaveCount(1);
  await expect(rows.nth(1)).toBeVisible();
  await expect(rows.filter({ hasNotText: 'アオキ' })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/member-name-search-list.png' });

  // A group's add-members picker answers with the same rule.
  await page.getByRole('link', { name: 'メンバーグループ' }).first().click();
  await expect(page).toHaveURL(/\/member_groups$/);
  const group = `名前検索${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'グループを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループを作成' });
  await dialog.getByLabel('グループ名').fill(group);
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(page).toHaveTitle(`${group} | クラウドサイン`);
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const picker = page.getByLabel('追加するメンバー');
  // Each answer replaces the whole company's first 50 (阿部 … among them): wait for the search's own answer.
  const options = page.getByRole('option');
  await picker.fill('青木久美子');
  await expect(options.filter({ hasNotText: '青木 久美子' })).toHaveCount(0);
  await expect(options).toHaveCount(1);
  await picker.fill('あおき');
  await expect(options.filter({ hasNotText: '青木' })).toHaveCount(0);
  await expect(options.filter({ hasText: '青木 久美子' })).toHaveCount(1);
  await expect(options.nth(1)).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/member-name-search-group-picker.png' });
  await page.getByRole('option', { name: /青木 久美子/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText('1名をグループに追加しました。')).toBeVisible();
  await expect(page.getByTestId('group-member-row')).toHaveCount(1);
  await expect(page.getByTestId('group-member-row')).toContainText('青木 久美子');
});
