import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** An id no record has: pages given it must show their not-found state. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';

/** The layout is up and the page's data has arrived (pages that poll while a job runs never go idle). */
export async function settled(page: Page) {
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => undefined);
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync(await file.path());
}

async function upload(page: Page, name: string, text: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') });
}

export type BulkRunIds = {
  export: string;
  template: string;
  add: string;
  edit: string;
  delete: string;
  attributes: string;
};

/**
 * Real bulk runs for the routes with an id, made through the console by the signed-in admin: an export, an
 * edit template, checked uploads of each kind (an add with an error, an unchanged edit, a delete) and a
 * checked attribute file. Each spec makes its own, so none depends on another having run first.
 */
export async function createBulkRuns(page: Page, documentId: string): Promise<BulkRunIds> {
  const ids: Partial<BulkRunIds> = {};
  await page.goto('/company/members/export');
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/export\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('download-generated')).toBeVisible({ timeout: 60_000 });
  ids.export = page.url().split('/').pop()!;
  const exported = await download(page, () => page.getByTestId('download-generated').click());

  await page.goto('/company/members/bulk_edit/csv_template');
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/csv_template\/[0-9a-f-]{36}$/);
  ids.template = page.url().split('/').pop()!;

  await page.goto('/company/members/bulk_add/upload');
  const header =
    'メールアドレス,氏名,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ';
  await upload(page, 'add.csv', `${header}\r\na11y-${Date.now()}@example,鈴木 花子,,,,,,,\r\n`);
  await page.waitForURL(/\/bulk_add\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  ids.add = page.url().split('/').at(-2)!;

  await page.goto('/company/members/bulk_edit/upload');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'edit.csv', mimeType: 'text/csv', buffer: exported });
  await page.waitForURL(/\/bulk_edit\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  ids.edit = page.url().split('/').at(-2)!;

  await page.goto('/company/members/bulk_delete/upload');
  await upload(page, 'delete.csv', `メールアドレス\r\nnobody-${Date.now()}@example.com\r\n`);
  await page.waitForURL(/\/bulk_delete\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).not.toHaveText(/チェック中|待機/, { timeout: 60_000 });
  ids.delete = page.url().split('/').at(-2)!;

  await page.goto('/company/documents/attributes/bulk_edit/upload');
  await upload(
    page,
    'attributes.csv',
    `書類ID,更新日時,取引金額\r\n${documentId},2001-01-01 00:00:00,1000\r\n`,
  );
  await page.waitForURL(/\/checked_result$/);
  await expect(page.getByTestId('status')).not.toHaveText(/チェック中|待機/, { timeout: 60_000 });
  ids.attributes = page.url().split('/').at(-2)!;

  return ids as BulkRunIds;
}
