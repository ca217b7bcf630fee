import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { apiSend } from './support/api-write.ts';
import { DEMO, login, submitLogin } from './support/auth.ts';
import { linkPath, newestMailTo } from './support/outbox.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

/**
 * member@example.com holds no privilege (a plain member) and administers one cabinet, 営業契約 (a cabinet
 * admin): cabinets, its cabinet, the documents and their search, and nothing of a company admin.
 */
test('a member who administers one cabinet reaches what is theirs by clicks and is offered nothing else', async ({
  page,
}) => {
  await startAt(page, DEMO.member);
  await expectPage(page, 'キャビネット');
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveText(['キャビネット', '書類']);

  await page.getByRole('main').getByRole('link', { name: '営業契約', exact: true }).click();
  await expectPage(page, '営業契約');

  await nav.getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expectPage(page, '書類の検索', '書類の詳細検索');
  await page.goBack();
  await expectPage(page, '書類');
  // Not offered: import (no 書類インポート権限), 書類情報の一括編集 and 書類情報の設定 (company admins).
  // (The list's rows are links too, named by their documents' titles: not counted.)
  const offered = page.locator('a:not(table a)');
  await expect(offered.filter({ hasText: /^インポート$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'CSVで一括編集' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '書類情報の設定' })).toHaveCount(0);
  await expect(offered.filter({ hasText: /一括/ })).toHaveCount(0);

  await nav.getByRole('link', { name: 'キャビネット' }).click();
  await expectPage(page, 'キャビネット');
  await expect(page.getByRole('button', { name: 'キャビネットを作成' })).toHaveCount(0);
});

test('a member opening a company admin URL reads why at once, on every bulk page', async ({
  page,
}) => {
  await startAt(page, DEMO.member);
  for (const [path, title] of [
    ['/company/members/bulk_add/upload', 'メンバーの一括追加'],
    ['/company/members/bulk_manipulations', '一括操作の履歴'],
    ['/company/members/export', 'メンバーのエクスポート'],
    ['/company/documents/attributes/bulk_edit/upload', '書類情報の一括編集'],
  ] as const) {
    await page.goto(path);
    await expectPage(page, title);
    await expect(page.getByTestId('admin-only')).toHaveText(
      'この画面は組織管理権限を持つメンバーのみ利用できます。',
    );
    // No form that would fail on click.
    await expect(page.locator('input[type=file]')).toHaveCount(0);
  }
});

test('a plain member without any cabinet lands on an honest empty page and is offered no admin route', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  // Set up by an admin in another browser: a new member in no group, who sets a password from the mail.
  const email = `no-cabinet-${Date.now().toString(36)}@example.com`;
  const password = 'Kumo-no-Ue-2026!';
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin, '/company/members');
  const created = await apiSend(admin, API_URL, 'POST', '/users', { email, name: '新人 一郎' });
  expect(created.status).toBe(201);
  await adminContext.close();
  await expect
    .poll(async () => (await newestMailTo(email))?.text ?? '')
    .toMatch(/\/password_setup\//);
  const link = linkPath((await newestMailTo(email))!, 'password_setup')!;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await visitor.getByLabel('新しいパスワード', { exact: true }).fill(password);
  await visitor.getByLabel('新しいパスワード（確認）').fill(password);
  await visitor.getByRole('button', { name: 'パスワードを設定する' }).click();
  // Signed in at once, as after a reset.
  await expect(visitor.locator('[data-layout]').first()).toBeVisible();
  await visitorContext.close();

  // The journey: one goto to the login page, then clicks.
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expectPage(page, 'キャビネット');
  await expect(page.getByRole('main')).toContainText('閲覧できるキャビネットはありません');
  const nav = mainNav(page);
  await expect(nav.getByRole('link')).toHaveText(['キャビネット', '書類']);
  await expect(page.getByRole('button', { name: 'キャビネットを作成' })).toHaveCount(0);

  await nav.getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await expect(page.getByRole('main')).toContainText('条件に合う書類はありません。');
  await expect(page.getByRole('link', { name: 'インポート', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '書類情報の設定' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'CSVで一括編集' })).toHaveCount(0);

  // Typed URLs of company admins' pages: the honest 403 screen, naming the privilege.
  for (const [path, title] of [
    ['/company/members', 'メンバー'],
    ['/company/members/bulk_add/upload', 'メンバーの一括追加'],
    ['/company/documents/attributes/bulk_manipulations', '書類情報の一括編集の履歴'],
  ] as const) {
    await page.goto(path);
    await expectPage(page, title);
    await expect(page.getByRole('main')).toContainText('組織管理権限を持つメンバーのみ');
    await expect(page.locator('input[type=file]')).toHaveCount(0);
  }
});
