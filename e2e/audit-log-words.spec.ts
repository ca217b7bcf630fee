import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

const AUDITOR = 'auditor@example.com';

test.use({ viewport: { width: 1280, height: 800 } });

test('an auditor lands on 監査ログ, picks two categories and reads an event in words', async ({
  page,
}) => {
  // From the sign-in: the top page sends a member whose only privilege is 監査ログ閲覧権限 to the log.
  await startAt(page, AUDITOR);
  await expectPage(page, '監査ログ');
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toBeVisible();

  await page.getByRole('textbox', { name: '操作の種類' }).click();
  await page.getByRole('option', { name: 'メンバー', exact: true }).click();
  await page.getByRole('option', { name: 'キャビネット', exact: true }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(/category=member%2Ccabinet/);
  const badges = events.locator('.mantine-Badge-root');
  await expect(badges.first()).toBeVisible();
  for (const text of await badges.allInnerTexts())
    expect(['メンバー', 'キャビネット']).toContain(text);

  const change = events.filter({ hasText: 'メンバーの変更' }).first();
  await change.getByRole('button').first().click();
  const detail = change.getByTestId('audit-event-detail');
  await expect(detail).toContainText(' → ');
  // The browser is named; the raw string is one click away; nothing reads as JSON or a code.
  await expect(detail).toContainText(/(Chrome|Safari|Microsoft Edge) \d+（(Windows|macOS)）/);
  await expect(detail).not.toContainText('Mozilla/5.0');
  expect(await detail.innerText()).not.toMatch(/[{}"]|\bundefined\b/);
  await detail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-words.png' });
  await detail.getByRole('button', { name: 'ユーザーエージェントを表示' }).click();
  await expect(detail.getByTestId('audit-user-agent')).toContainText('Mozilla/5.0');

  // 「ログイン・認証を除く」 in one click: every category but the sign-ins.
  await page.getByRole('button', { name: 'ログイン・認証を除く' }).click();
  await expect(page).toHaveURL(/category=member%2CmemberGroup%2Ccabinet/);
  await expect(events.first()).toBeVisible();
  for (const text of await badges.allInnerTexts()) expect(text).not.toBe('ログイン・認証');
});

test('a company admin reads on 企業設定 who holds 監査ログ閲覧権限 and how it is granted', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: '企業設定' }).click();
  await expectPage(page, '企業設定');
  const section = page.getByRole('region', { name: '監査ログ' });
  await expect(section).toContainText('別の組織管理者に付けてもらってください');
  await expect(section.getByTestId('audit-log-readers')).toContainText('監査');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/.artifacts/company-settings-audit-readers.png' });
  await section
    .getByRole('link', { name: '監査ログ閲覧権限を持つメンバーをメンバー一覧で見る' })
    .click();
  await expect(page).toHaveURL(/\/company\/members\?.*role=CompanyAuditor/);
});
