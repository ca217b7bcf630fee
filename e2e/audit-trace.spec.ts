import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { DEMO, login } from './support/auth.ts';
import { expectPage, startAt } from './support/journeys.ts';

/**
 * Issue 33: a member added by a CSV run is found in the audit log by her name, her event says what was added
 * and by which run, in words; and the auditor writes the 訂正削除履歴 of a period typed in 令和 and opens it.
 */
const AUDITOR = 'auditor@example.com';
test.use({ viewport: { width: 1280, height: 800 } });

test('an auditor finds a member a CSV run added by her name, and writes the 訂正削除履歴', async ({
  browser,
  page,
}) => {
  const tag = Date.now().toString(36);
  const name = `追跡 ${tag}子`;
  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO.admin, '/company/members/bulk_add/upload');
  await admin.locator('input[type=file]').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(`メールアドレス,氏名\r\ntrace-${tag}@example.com,${name}\r\n`, 'cp932'),
  });
  await admin.waitForURL(/\/preview$/);
  await expect(admin.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await admin.getByTestId('execute').click();
  await admin.getByTestId('confirm-execute').click();
  await expect(admin.getByTestId('status')).toHaveText('完了', { timeout: 60_000 });
  await admin.context().close();

  // The auditor in the test's own context, which Playwright closes: a context of our own left open would
  // stay in the browser, and every later test's failure screenshots would show the auditor's page.
  await startAt(page, AUDITOR);
  await expectPage(page, '監査ログ');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(name);
  await page.getByRole('button', { name: '絞り込む' }).click();
  const added = page.getByTestId('audit-event').filter({ hasText: name }).first();
  await expect(added).toContainText('メンバーの追加');
  await added.getByRole('button').first().click();
  const detail = added.getByTestId('audit-event-detail');
  await expect(added).toContainText(`trace-${tag}@example.com`);
  await expect(detail).toContainText('一括');
  expect(await detail.innerText()).not.toMatch(/[{}"]|\bundefined\b/);

  // 訂正削除履歴: a period typed as people type it, then the file as Excel opens it.
  await page.getByRole('button', { name: '訂正削除履歴（電子帳簿保存法）' }).click();
  const section = page.getByRole('region', { name: '訂正削除履歴' });
  await section.getByLabel('開始日').fill('令和元年5月1日');
  await section.getByLabel('終了日').fill('2100/12/31');
  await section.getByRole('button', { name: '訂正削除履歴を書き出す' }).click();
  await expect(section.getByText('CSVができました')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: 'e2e/.artifacts/audit-correction-history.png' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'CSVをダウンロード' }).click(),
  ]);
  const text = iconv.decode(readFileSync(await file.path()), 'cp932');
  expect(text.split('\r\n')[0]).toBe(
    '書類ID,管理番号,タイトル,項目,変更前,変更後,日時（JST）,変更した人,方法',
  );
  expect(text).not.toMatch(/[{}]/);
});
