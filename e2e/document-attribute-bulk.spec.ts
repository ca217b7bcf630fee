import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { API_URL } from './playwright.config.ts';
import { DEMO, login } from './support/auth.ts';

/**
 * Issue 7 "What must show": an enterprise admin downloads the attributes of a search, changes amounts and end
 * dates in two rows (one made stale by another edit meanwhile), uploads, sees one change and one conflict,
 * executes, and finds the new values in the document list. A screenshot of the checked result with the
 * conflict goes to e2e/.artifacts/.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/** A PUT as the signed-in page would make it (token from the site, Bearer to the api). */
async function apiPut(page: Page, p: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ apiUrl, p, body }) => {
      const tokenRes = await fetch('/api/token/jwt', {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      const { jwt } = (await tokenRes.json()) as { jwt: string };
      const res = await fetch(`${apiUrl}${p}`, {
        method: 'PUT',
        // Another admin's save over whatever is stored (If-Match: *): what the CSV must then notice.
        headers: {
          Authorization: `Bearer ${jwt}`,
          'content-type': 'application/json',
          'if-match': '*',
        },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { apiUrl: API_URL, p, body },
  );
}

test('download a search, edit two rows (one stale), see one change and one conflict, execute, find the values', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents/attributes/bulk_edit/upload');
  await expect(page.getByRole('heading', { name: '書類情報の一括編集' })).toBeVisible();
  await expect(page.getByText('ファイルサイズ: 50MB まで')).toBeVisible();

  // Documents worth at least 1 yen: a search of the document list, downloaded in Shift_JIS.
  await page.getByLabel('取引金額（以上）').fill('1');
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('request-download').click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^書類情報一括編集用_\d{8}-\d{4}\.csv$/);
  const text = iconv.decode(readFileSync(await file.path()), 'cp932');
  const lines = text.trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 11)).toEqual([
    '書類ID',
    '更新日時',
    '管理用タイトル',
    '契約相手の名称',
    '契約締結日',
    '契約開始日',
    '契約終了日',
    '解約通知期限',
    '自動更新の有無',
    '管理番号',
    '取引金額',
  ]);
  const simple = lines
    .map((l, i) => ({ i, cells: l.split(',') }))
    .filter((r) => r.i > 0 && !lines[r.i]!.includes('"') && r.cells.length === header.length);
  expect(simple.length).toBeGreaterThan(2);
  const [a, b] = [simple[0]!, simple[1]!];
  const amountCol = header.indexOf('取引金額');
  const endCol = header.indexOf('契約終了日');
  a.cells[amountCol] = '"1,234,567"';
  a.cells[endCol] = '2031/3/31';
  b.cells[amountCol] = '７６５４３２１';
  b.cells[endCol] = '2032-01-31';
  lines[a.i] = a.cells.join(',');
  lines[b.i] = b.cells.join(',');

  // Someone edits document b after the download: its row must become a conflict, not an overwrite.
  expect(
    await apiPut(page, `/documents/${b.cells[0]}/attribute`, { localId: `E2E-${Date.now()}` }),
  ).toBe(200);

  await page.locator('input[type=file]').setInputFiles({
    name: 'attributes.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932'),
  });
  await page.waitForURL(/\/checked_result$/);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await expect(page.getByTestId('count-update')).toContainText('1');
  await expect(page.getByTestId('count-conflict')).toContainText('1');
  await expect(page.getByTestId('count-unchanged')).toContainText(String(lines.length - 3));
  const showRows = (label: string) =>
    page
      .getByLabel('表示する行')
      .locator('label', { hasText: new RegExp(`^${label}$`) })
      .click();
  await showRows('変更あり');
  const changed = page.locator('tr[data-action="update"]').getByTestId('row-summary');
  await expect(changed.locator('p')).toHaveCount(2);
  await expect(changed).toContainText('取引金額:');
  await expect(changed).toContainText('→ 1,234,567円');
  await showRows('競合');
  const conflict = page.locator('tr[data-action="conflict"]').getByTestId('row-summary');
  await expect(conflict).toContainText('更新日時: ダウンロードの後にこの書類が変更されています');
  await page.screenshot({
    path: path.join(artifacts, 'document-attribute-bulk-conflict.png'),
    fullPage: true,
  });

  await page.getByTestId('execute').click();
  await expect(page.getByRole('dialog')).toContainText('1件の書類の書類情報を変更します。');
  await page.getByTestId('confirm-execute').click();
  await expect(page.getByTestId('status')).toHaveText('完了', { timeout: 60_000 });

  await page.goto(`/company/documents?keyword=${a.cells[0]}`);
  await expect(page.getByText('1,234,567円')).toBeVisible();
  await expect(page.getByText('2031/03/31')).toBeVisible();
  await page.goto(`/company/documents?keyword=${b.cells[0]}`);
  await expect(page.getByText('7,654,321円')).toHaveCount(0);

  await page.goto('/company/documents/attributes/bulk_manipulations');
  await expect(page.getByTestId('history-row').first()).toContainText('完了');
  await expect(page.getByTestId('history-row').first()).toContainText('変更あり1件');
});
