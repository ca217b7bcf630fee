/**
 * Members: find by keyword, drawer, edit privileges, create (the setup mail in
 * the outbox, its link sets a password that then logs in), reset MFA, delete; a screenshot with the drawer.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, submitLogin } from './support/auth.ts';
import { linkPath, newestMailTo } from './support/outbox.ts';

const totalOf = async (page: Page) =>
  Number(
    ((await page.getByTestId('member-total').innerText()).match(/^[\d,]+/)?.[0] ?? '0').replaceAll(
      ',',
      '',
    ),
  );

test('an admin finds, edits, creates (with the setup mail), resets MFA of and deletes members', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await login(page, DEMO.admin, '/company/members');
  await expect(page).toHaveTitle('メンバー | クラウドサイン');

  // Find by keyword: full-width input finds the ASCII email; the URL carries the normalised state.
  await page.getByRole('textbox', { name: 'キーワード' }).fill('ｍｅｍｂｅｒ＠ｅｘａｍｐｌｅ');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/company\/members\?keyword=/);
  const rows = page.getByTestId('member-row');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByText('member@example.com')).toBeVisible();
  await expect(drawer.getByTestId('readable-cabinets')).toBeVisible();

  // Edit privileges: turn 承認権限 over (a retry of this test finds it as the first try left it).
  await drawer.getByRole('button', { name: '編集' }).click();
  const form = page.getByRole('dialog', { name: 'メンバーを編集' });
  const approver = form.getByRole('checkbox', { name: '承認権限' });
  const hadApprover = await approver.isChecked();
  await approver.setChecked(!hadApprover);
  await form.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(/を更新しました。/)).toBeVisible();
  await expect(drawer.getByText('承認権限')).toHaveCount(hadApprover ? 0 : 1);
  await page.screenshot({ path: 'e2e/.artifacts/members-drawer.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Your own privileges are locked, with the reason.
  await page.goto('/company/members?keyword=admin%40example.com');
  await page.getByTestId('member-row').first().click();
  await drawer.getByRole('button', { name: '編集' }).click();
  await expect(form.getByText('自分自身の権限は変更できません。')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: '組織管理権限' })).toBeDisabled();
  await form.getByRole('button', { name: 'キャンセル' }).click();
  await expect(form).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Create a member: the total rises by exactly 1, and the setup mail reaches the outbox.
  await page.goto('/company/members');
  const before = await totalOf(page);
  const email = `e2e-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = page.getByRole('dialog', { name: 'メンバーを追加' });
  await create.getByLabel('メールアドレス').fill(email);
  await create.getByLabel('氏名').fill('新人 花子');
  await create.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(/パスワード設定メールを送信しました。/)).toBeVisible();
  await expect.poll(() => totalOf(page)).toBe(before + 1);
  await expect(page.getByTestId('member-row')).toHaveCount(50);
  // The new member's drawer opens by itself; Escape before it has opened would close nothing.
  await expect(drawer).toContainText(email);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await expect
    .poll(async () => (await newestMailTo(email))?.text ?? '')
    .toMatch(/\/password_setup\//);
  const link = linkPath((await newestMailTo(email))!, 'password_setup')!;
  const visitor = await browser.newContext();
  const invited = await visitor.newPage();
  await invited.goto(link);
  await invited.getByLabel('新しいパスワード', { exact: true }).fill('Kumo-no-Ue-2026!');
  await invited.getByLabel('新しいパスワード（確認）').fill('Kumo-no-Ue-2026!');
  await invited.getByRole('button', { name: 'パスワードを設定する' }).click();
  // Signed in at once, as after a reset; then signed out, the new password signs in.
  await expect(invited.locator('[data-layout]').first()).toBeVisible();
  await invited.context().clearCookies();
  await invited.goto('/login');
  await submitLogin(invited, email, 'Kumo-no-Ue-2026!');
  await expect(invited.locator('[data-layout]').first()).toBeVisible();
  await visitor.close();

  // Reset MFA of a member who has it.
  await page.goto('/company/members?mfa=1');
  await page.getByTestId('member-row').first().click();
  await expect(drawer.getByText('2要素認証: 有効')).toBeVisible();
  await drawer.getByRole('button', { name: '2要素認証をリセット' }).click();
  await page
    .getByRole('dialog', { name: '2要素認証をリセット' })
    .getByRole('button', { name: 'リセットする' })
    .click();
  await expect(drawer.getByText('2要素認証: 無効')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Delete the member created above: the confirmation names them; the total drops by exactly 1.
  await page.goto(`/company/members?keyword=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await page.getByTestId('member-row').first().click();
  await drawer.getByRole('button', { name: '削除' }).click();
  const confirm = page.getByRole('dialog', { name: 'メンバーを削除' });
  await expect(
    confirm.getByText(`「新人 花子」（${email}）を削除します。`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('「新人 花子」を削除しました。')).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(0);
  await expect.poll(() => totalOf(page)).toBe(0);
});

test('paging scrolls the list back to the top; page=-1 shows every member in a virtual list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/company/members');
  // The list's scrolling box is the ScrollArea viewport two levels up (no DOM typings in the e2e project).
  type Box = {
    parentElement: { parentElement: { scrollTop: number; scrollTo: (o: { top: number }) => void } };
  };
  const list = page.getByRole('list', { name: 'メンバー一覧' });
  const viewport = () =>
    list.evaluate((el) => (el as unknown as Box).parentElement.parentElement.scrollTop);
  // Scrolled once the console has taken the page over: taking over the site's rows puts the box back at the
  // top, and a click on 2 before that is a plain link, which lands at the top whatever the console does.
  await expect(page.locator('html[data-console-ready]')).toBeAttached();
  await list.evaluate((el) =>
    (el as unknown as Box).parentElement.parentElement.scrollTo({ top: 1500 }),
  );
  await expect.poll(viewport).toBeGreaterThan(0);
  await page.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/company\/members\?page=2$/);
  await expect(page.getByText('51〜100名を表示', { exact: false })).toBeVisible();
  await expect.poll(viewport).toBe(0);

  await page.getByRole('switch', { name: 'すべて表示' }).click();
  await expect(page).toHaveURL(/\/company\/members\?page=-1$/);
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(100);
  await expect.poll(() => page.getByTestId('member-row').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('member-row').count()).toBeLessThan(total);
});
