import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { DEMO, login } from './support/auth.ts';

/**
 * Issue 5 "What must show": an admin downloads the add template, uploads a Shift_JIS file with one bad row,
 * sees the error on its cell, uploads the fixed file, executes, watches the progress finish and finds the
 * new members in the list; an export downloaded and re-uploaded as an edit file shows every row unchanged.
 * Screenshots of a preview with errors and of the history go to e2e/.artifacts/.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

async function uploadCsv(page: Page, name: string, bytes: Buffer) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await page.waitForURL(/\/preview$/);
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('bulk add from a Shift_JIS file: error on its cell, fix, execute, members listed', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await login(page, DEMO.admin, '/company/members/bulk_add/upload');
  await expect(page.getByRole('heading', { name: 'メンバーの一括追加' })).toBeVisible();
  await expect(page.getByText('ファイルサイズ: 50MB まで')).toBeVisible();
  await expect(page.getByText('データ行: 300,000行まで')).toBeVisible();

  const template = await download(page, () =>
    page.getByRole('button', { name: 'テンプレートをダウンロード' }).click(),
  );
  expect(template.name).toMatch(/^メンバー一括追加テンプレート_\d{8}-\d{4}\.csv$/);
  const header = iconv.decode(template.bytes, 'cp932').trimEnd();
  expect(header).toBe(
    'メールアドレス,氏名,フリガナ,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ',
  );

  const good = [
    `bulk-${tag}-a@example.com,髙橋 ①子,たかはし\u3000いちこ,㈱営業,0,1,0,0,0,`,
    `bulk-${tag}-b@example.com,山田 太郎,,,,,,,,`,
  ];
  const bad = `bulk-${tag}-c@example,鈴木 花子,,,,,,,,`;
  await uploadCsv(
    page,
    'members.csv',
    iconv.encode([header, good[0], bad, good[1]].join('\r\n') + '\r\n', 'cp932'),
  );
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  const errorRow = page.locator('tr[data-action="error"]');
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow.getByTestId('row-subject')).toHaveText('鈴木 花子');
  await expect(errorRow.getByTestId('row-summary')).toHaveText(
    'メールアドレス: メールアドレスの形式が正しくありません。',
  );
  await expect(page.getByTestId('execute')).toBeDisabled();
  await page.screenshot({
    path: path.join(artifacts, 'member-bulk-preview-errors.png'),
    fullPage: true,
  });

  await page.goto('/company/members/bulk_add/upload');
  const fixed =
    [header, good[0], bad.replace('@example,', '@example.com,'), good[1]].join('\r\n') + '\r\n';
  await uploadCsv(page, 'members-fixed.csv', iconv.encode(fixed, 'cp932'));
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await expect(page.getByTestId('count-add')).toContainText('3');
  await page.getByTestId('execute').click();
  await expect(page.getByRole('dialog')).toContainText('追加3件を反映します。');
  await page.getByTestId('confirm-execute').click();
  await expect(page.getByTestId('status')).toHaveText('完了', { timeout: 60_000 });
  await expect(page.getByTestId('count-succeeded')).toContainText('3');

  await page.goto(`/company/members?keyword=${encodeURIComponent(`bulk-${tag}`)}`);
  await expect(page.getByText(`bulk-${tag}-a@example.com`)).toBeVisible();
  await expect(page.getByText(`bulk-${tag}-c@example.com`)).toBeVisible();
  await expect(page.getByText('髙橋 ①子')).toBeVisible();
  // The hiragana フリガナ cell is stored in katakana and shown beside the name.
  await expect(page.getByText('タカハシ　イチコ')).toBeVisible();
});

test('an export re-uploaded as an edit file shows every row unchanged; the history lists the runs', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/members/export');
  await page.getByText('UTF-8（BOM 付き）').click();
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/company\/members\/export\/[0-9a-f-]{36}$/);
  const exported = await download(page, async () => {
    await page.getByTestId('download-generated').click();
  });
  expect(exported.name).toMatch(/^メンバー一覧_\d{8}-\d{4}\.csv$/);
  const rows = exported.bytes.toString('utf8').trimEnd().split('\r\n').length - 1;

  await page.goto('/company/members/bulk_edit/upload');
  await uploadCsv(page, exported.name, exported.bytes);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await expect(page.getByTestId('count-unchanged')).toContainText(rows.toLocaleString('ja-JP'));
  for (const key of ['add', 'update', 'delete', 'error'])
    await expect(page.getByTestId(`count-${key}`)).toContainText('0');

  await page.goto('/company/members/bulk_manipulations');
  await expect(page.getByTestId('history-row').first()).toContainText('一括編集');
  // Counts read as Japanese counts (「変更なし200件」), never 「変更なし 200」.
  await expect(page.getByTestId('history-row').first()).toContainText(
    `変更なし${rows.toLocaleString('ja-JP')}件`,
  );
  await page.screenshot({ path: path.join(artifacts, 'member-bulk-history.png'), fullPage: true });
});

test('利用状態 in the export: an edit file setting 利用停止 is previewed as 「利用状態: 有効 → 利用停止」', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/members/export');
  await page.getByText('UTF-8（BOM 付き）').click();
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/company\/members\/export\/[0-9a-f-]{36}$/);
  const exported = await download(page, async () => {
    await page.getByTestId('download-generated').click();
  });
  const lines = exported.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  const state = header.indexOf('利用状態');
  expect(state).toBe(header.indexOf('メンバーグループ') + 1);
  // A member who is neither of the demo logins, active now, with no quoted cells.
  const row = lines
    .slice(1)
    .map((l) => l.split(','))
    .find(
      (c) =>
        !c.join(',').includes('"') &&
        c[state] === '有効' &&
        ![DEMO.admin, DEMO.member].includes(c[header.indexOf('メールアドレス')] as never),
    )!;
  row[state] = '利用停止';
  const file = Buffer.from(`${header.join(',')}\r\n${row.join(',')}\r\n`, 'utf8');

  await page.goto('/company/members/bulk_edit/upload');
  await expect(page.getByText('利用状態は 有効 または 利用停止')).toBeVisible();
  await uploadCsv(page, 'edit.csv', file);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  const updated = page.locator('tr[data-action="update"]');
  await expect(updated).toHaveCount(1);
  await expect(updated.getByTestId('row-subject')).toHaveText(row[header.indexOf('氏名')]!);
  await expect(updated.getByTestId('row-summary')).toHaveText('利用状態: 有効 → 利用停止');
});
