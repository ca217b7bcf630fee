/**
 * Messages belong to their screen (issue 30): a 完了 message closes when the admin leaves the screen and
 * after a few seconds, never opens in another screen's drawer, and a dialog's failure shows in the dialog.
 * Walked by clicks from one landing page per admin tab.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Every message on screen, whichever area shows it. */
const messages = (page: Page) => page.locator('[data-alert-area]');

/** Moves the pointer off the page's content: a message under the pointer waits for the reader. */
const lookAway = (page: Page) => page.mouse.move(1, 799);

async function createGroup(page: Page) {
  const name = `E2E通知${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'グループを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループを作成' });
  await dialog.getByLabel('グループ名').fill(name);
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  return name;
}

async function addOneMember(page: Page) {
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  await page.getByLabel('追加するメンバー').fill('member@example.com');
  await page
    .getByRole('option', { name: /member@example\.com/ })
    .first()
    .click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '1名をグループに追加しました。' }),
  ).toBeVisible();
}

test("a group's message does not follow the admin to a cabinet, nor come back", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/member_groups');
  await createGroup(page);
  await addOneMember(page);
  await page.screenshot({ path: 'e2e/.artifacts/messages-group-added.png' });

  await page.getByRole('link', { name: 'キャビネット', exact: true }).first().click();
  await page.getByRole('link', { name: '営業契約', exact: true }).click();
  await expect(page).toHaveTitle('営業契約 | クラウドサイン');
  await expect(page.getByText('1名をグループに追加しました。')).toHaveCount(0);
  await expect(messages(page)).toHaveCount(0);

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'メンバーを追加' })).toBeVisible();
  await expect(messages(page)).toHaveCount(0);
});

test('a success message closes by itself after a few seconds', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/member_groups');
  await createGroup(page);
  await addOneMember(page);
  await lookAway(page);
  // SUCCESS_CLOSE_MS is 6 s: gone well within 12 s, without any click.
  await expect(page.getByText('1名をグループに追加しました。')).toBeHidden({ timeout: 12_000 });
  // The change itself stays.
  await expect(page.getByTestId('group-member-total')).toHaveText('1名');
});

test("a document's 書類情報 message never opens in a member's drawer", async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/company/documents');
  await page.getByTestId('document-row').first().click();
  const detail = page.getByTestId('document-detail-panel');
  await detail.getByRole('tab', { name: '書類情報' }).click();
  await detail.getByLabel('契約相手の名称').fill(`株式会社E2E通知${Date.now() % 100000}`);
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(detail.getByText('書類情報を保存しました。')).toBeVisible();

  await page.getByRole('link', { name: 'メンバー', exact: true }).first().click();
  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByTestId('member-detail')).toBeVisible();
  await expect(page.getByText('書類情報を保存しました。')).toHaveCount(0);
  await expect(messages(page)).toHaveCount(0);
});

/**
 * 削除する in a confirmation whose item another tab has just deleted: the failure is said inside the dialog,
 * which stays open, and the page behind says nothing (the result belongs to the dialog).
 */
async function expectDeletionRefusedInside(page: Page, dialog: Locator, screenshot: string) {
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(dialog.getByRole('alert')).toContainText('見つかりませんでした');
  await expect(dialog).toBeVisible();
  await expect(
    page.locator('[data-alert-area]:not([data-alert-area="dialog"])', {
      hasText: '見つかりません',
    }),
  ).toHaveCount(0);
  await page.screenshot({ path: `e2e/.artifacts/${screenshot}.png` });
}

test("a dialog's failure shows inside the dialog, which stays open", async ({ page, context }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/cabinets');
  const name = `E2E 通知 ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  const create = page.getByRole('dialog', { name: 'キャビネットを作成' });
  await create.getByLabel('キャビネット名').fill(name);
  await create.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByText(`キャビネット「${name}」を作成しました。`)).toBeVisible();
  await page
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('button', { name: '削除' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'キャビネットを削除' });
  await expect(dialog).toContainText(`キャビネット「${name}」を削除します。`);

  // Meanwhile, in another tab, the same cabinet is deleted.
  const other = await context.newPage();
  await other.goto('/cabinets');
  await other
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('button', { name: '削除' })
    .click();
  await other
    .getByRole('dialog', { name: 'キャビネットを削除' })
    .getByRole('button', { name: '削除する' })
    .click();
  await expect(other.getByText(`キャビネット「${name}」を削除しました`)).toBeVisible();
  await other.close();

  await expectDeletionRefusedInside(page, dialog, 'messages-dialog-failure');
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
});

test('a member edited from his drawer is reported in the drawer, not on the list behind it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/company/members');
  await page.getByTestId('member-row').nth(1).click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByTestId('member-detail')).toBeVisible();
  await drawer.getByRole('button', { name: '編集', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'メンバーを編集' });
  const organization = `E2E通知部${Date.now() % 100000}`;
  await edit.getByLabel('所属').fill(organization);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.locator('[data-alert-area="drawer"]')).toContainText('を更新しました。');
  await expect(page.locator('[data-alert-area="content"]')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/.artifacts/messages-member-edit-drawer.png' });
  // Closing the drawer closes its message: the list behind never shows it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(messages(page)).toHaveCount(0);
});

test('a confirmation that fails says so inside itself (グループを削除)', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/member_groups');
  const name = await createGroup(page);
  await page.getByRole('button', { name: 'グループを削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループを削除' });
  await expect(dialog).toContainText(`グループ「${name}」を削除します。`);

  // Meanwhile, in another tab, the same group is deleted.
  const other = await context.newPage();
  await other.goto('/member_groups');
  await other.getByRole('link', { name, exact: true }).click();
  await other.getByRole('button', { name: 'グループを削除' }).click();
  await other
    .getByRole('dialog', { name: 'グループを削除' })
    .getByRole('button', { name: '削除する' })
    .click();
  await expect(other.getByText(`グループ「${name}」を削除しました。`)).toBeVisible();
  await other.close();

  await expectDeletionRefusedInside(page, dialog, 'messages-group-delete-failure');
  // Cancelled and opened again, the dialog starts without the old failure.
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'グループを削除' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});
