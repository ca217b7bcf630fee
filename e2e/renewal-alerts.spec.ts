import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet, submitLogin } from './support/auth.ts';
import { apiSend } from './support/api-write.ts';
import { mainNav } from './support/journeys.ts';

/**
 * Issue 35 "What must show": an admin adds an alert rule to a cabinet in its settings and sees the upcoming
 * deadline on the documents page's 「期限が近い書類」. Screenshot at 1280×800.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

const panel = (page: Page, title: string): Locator =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The JST day `n` days from now, as 書類情報 dates are written. */
const jstDayIn = (n: number) =>
  new Date(Date.now() + 9 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

test('an admin adds an alert rule to a cabinet and sees the upcoming deadline', async ({
  page,
}) => {
  // A shared 2-core machine can be slow to hand over the first screen: the steps wait longer than the default.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await submitLogin(page, DEMO.admin);
  await expect(page.locator('[data-layout]').first()).toBeVisible({ timeout: 90_000 });

  // The test's own data: a document of a user cabinet whose 解約通知期限 is ten days away.
  const { cabinets } = await apiGet<{ cabinets: { id: string; name: string; type: number }[] }>(
    page,
    API_URL,
    '/cabinets',
  );
  // Other specs add user cabinets (empty, and sorted before the demo's by name): the first one holding documents.
  let cabinet: (typeof cabinets)[number] | undefined;
  let documents: { id: string; title: string }[] = [];
  for (const candidate of cabinets.filter((c) => c.type === 0)) {
    ({ documents } = await apiGet<{ documents: { id: string; title: string }[] }>(
      page,
      API_URL,
      `/documents?cabinetId=${candidate.id}`,
    ));
    if (documents.length > 0) {
      cabinet = candidate;
      break;
    }
  }
  if (!cabinet) throw new Error('no user cabinet holds a document');
  const doc = documents[0]!;
  const deadline = jstDayIn(10);
  const saved = await apiSend(page, API_URL, 'PUT', `/documents/${doc.id}/attribute`, {
    validityEndNoticeAt: deadline,
    autoUpdate: 2,
  });
  expect(saved.status).toBe(200);

  // By clicks: キャビネット → the cabinet → 閲覧・管理の設定 → 期限アラート.
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await page.getByRole('link', { name: cabinet.name, exact: true }).first().click();
  await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();
  const alerts = panel(page, '期限アラート');
  await expect(alerts.getByRole('button', { name: '期限アラートを保存' })).toBeEnabled({
    timeout: 60_000,
  });
  const rule = alerts.getByText('解約通知期限の30日前', { exact: true });
  // A retry finds the rule its first try saved; otherwise it is added here.
  if ((await rule.count()) === 0) {
    await alerts.getByLabel('何日前').fill('30');
    await alerts.getByRole('button', { name: 'ルールを追加' }).click();
  }
  await expect(rule).toBeVisible();
  await alerts.getByRole('button', { name: '期限アラートを保存' }).click();
  await expect(page.getByText('期限アラートの設定を保存しました。')).toBeVisible();
  await alerts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'renewal-alerts-rules.png') });

  // 書類 → 期限が近い書類: the document, its deadline and the rule.
  await mainNav(page).getByRole('link', { name: '書類' }).click();
  await page.getByRole('button', { name: '期限が近い書類' }).click();
  const dialog = page.getByRole('dialog', { name: '期限が近い書類' });
  const row = dialog
    .getByRole('table', { name: '期限が近い書類の一覧' })
    .getByRole('row')
    .filter({ hasText: doc.title })
    .filter({ hasText: '解約通知期限の30日前' })
    .filter({ hasText: cabinet.name });
  await expect(row.first()).toContainText(deadline.replaceAll('-', '/'), { timeout: 60_000 });
  await expect(row.first()).toContainText('10日');
  await page.screenshot({ path: path.join(artifacts, 'renewal-alerts-upcoming.png') });

  // The row is a link to the document.
  await row.first().getByRole('link', { name: doc.title }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`documentId=${doc.id}`));
});
