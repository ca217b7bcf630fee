import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';
import { STALE } from './support/stale-save.ts';

/**
 * Issue 30 "Lost updates": two admins save the same document's 書類情報. The second is told, keeps everything
 * he typed, reloads (the other admin's change shows) and saves on the new version. 保存 stays disabled until
 * something changed.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/** One admin's browser with the first concluded document's 書類情報 open (reached by clicks). */
async function openAttributes(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await login(page, DEMO.admin, '/company/documents?status=2');
  await expect(page.getByRole('heading', { name: '書類', exact: true })).toBeVisible();
  await page.getByTestId('document-row').first().click();
  const detail = page.getByTestId('document-detail-panel');
  await detail.getByRole('tab', { name: '書類情報' }).click();
  await expect(detail.getByLabel('契約相手の名称')).toBeVisible();
  return { page, detail, close: () => context.close() };
}

const saveButton = (detail: ReturnType<Page['getByTestId']>) =>
  detail.getByRole('button', { name: '保存', exact: true });

test('two admins save the same 書類情報: the second is told and loses nothing he typed', async ({
  browser,
}) => {
  const first = await openAttributes(browser);
  const second = await openAttributes(browser);
  const stamp = Date.now() % 100000;
  const counterparty = `株式会社先行保存${stamp}`;
  const localId = `後から-${stamp}`;
  const amount = `${(stamp % 900) + 100},000`; // three digits, as the list writes it

  // Nothing typed yet: nothing to save.
  await expect(saveButton(first.detail)).toBeDisabled();
  await expect(saveButton(second.detail)).toBeDisabled();

  await first.detail.getByLabel('契約相手の名称').fill(counterparty);
  await expect(saveButton(first.detail)).toBeEnabled();
  await saveButton(first.detail).click();
  await expect(first.detail.getByText('書類情報を保存しました。')).toBeVisible();

  // The second admin still sees the version he opened, types two fields and saves.
  await second.detail.getByLabel('管理番号').fill(localId);
  await second.detail.getByLabel('取引金額（円）').fill(amount);
  await saveButton(second.detail).click();
  const refused = second.detail.getByRole('alert').filter({ hasText: STALE });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('入力した内容は消えません。');
  await expect(second.detail.getByLabel('管理番号')).toHaveValue(localId);
  await expect(second.detail.getByLabel('取引金額（円）')).toHaveValue(amount);
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-document.png') });

  // Reloading shows what the other admin changed and keeps what he typed.
  await refused.getByRole('button', { name: '最新の内容を読み込む' }).click();
  const reloaded = second.detail
    .getByRole('status')
    .filter({ hasText: '最新の内容を読み込みました' });
  await expect(reloaded).toContainText('ほかの管理者が次の項目を変更しました。');
  await expect(reloaded).toContainText(`契約相手の名称: `);
  await expect(reloaded).toContainText(counterparty);
  await expect(second.detail.getByLabel('契約相手の名称')).toHaveValue(counterparty);
  await expect(second.detail.getByLabel('管理番号')).toHaveValue(localId);
  await expect(second.detail.getByLabel('取引金額（円）')).toHaveValue(amount);
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-document-reloaded.png') });

  // Saved on the new version: both admins' changes are kept.
  await saveButton(second.detail).click();
  await expect(second.detail.getByText('書類情報を保存しました。')).toBeVisible();
  await expect(saveButton(second.detail)).toBeDisabled();
  const row = second.page.getByTestId('document-row').first();
  await expect(row).toContainText(counterparty);
  await expect(row).toContainText(`${amount}円`);

  await first.close();
  await second.close();
});
