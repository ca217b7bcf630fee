import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

const AUDITOR = 'auditor@example.com';

test.use({ viewport: { width: 1280, height: 800 } });

test('an auditor finds the audit log in the navigation, filters by a member and reads a change in words', async ({
  page,
}) => {
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  await expectPage(page, '監査ログ');
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/audit-log.png' });

  // The admin's changes: typed as an IME may leave the address (full-width), with the member category.
  await page.getByLabel('操作したメンバー').fill('ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ');
  await page.getByRole('textbox', { name: '操作の種類' }).click();
  await page.getByRole('option', { name: 'メンバー', exact: true }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByLabel('操作したメンバー')).toHaveValue('admin@example.com');
  await expect(events.first()).toContainText('メンバーの変更');
  for (const text of await events.allInnerTexts()) expect(text).toContain('管理 太郎');

  const change = events.filter({ hasText: 'member@example.com' });
  await change.getByRole('button').first().click();
  const detail = change.getByTestId('audit-event-detail');
  await expect(detail).toContainText('管理 太郎（admin@example.com）');
  await expect(detail).toContainText('所属');
  await expect(detail).toContainText('営業部 → 営業部 第一営業課');
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-detail.png' });

  // A period typed backwards (era and western dates both read) is refused with the reason.
  await page.getByRole('button', { name: '条件をクリア' }).click();
  // The cleared conditions reach the URL first (the form starts afresh from it), then the period is typed.
  await expect(page).toHaveURL(/\/company\/audit_log$/);
  await page.getByLabel('期間（開始）').fill('令和元年5月1日');
  await page.getByLabel('期間（終了）').fill('2019/4/30');
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByText('期間の終了は開始と同じか後の日付にしてください。')).toBeVisible();
});

test('the whole history pages back with 「さらに表示」, newest first', async ({ page }) => {
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  const events = page.getByTestId('audit-event');
  await expect(events).toHaveCount(50);
  await page.getByRole('button', { name: 'さらに表示' }).click();
  await expect(events).toHaveCount(100);
  await expect(page.getByText('100件を表示中')).toBeVisible();
});

test('a company admin without 監査ログ閲覧権限 is not offered the audit log', async ({ page }) => {
  await startAt(page, DEMO.admin);
  await expect(mainNav(page).getByRole('link', { name: '企業設定' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: '監査ログ' })).toHaveCount(0);
});

test('opening the audit log without 監査ログ閲覧権限 shows the 403 page saying why', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/audit_log');
  await expect(page.getByText(/監査ログ閲覧権限を持つメンバーのみ閲覧できます/)).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-403.png' });
});
