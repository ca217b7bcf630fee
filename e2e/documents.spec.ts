import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEMO, login } from './support/auth.ts';

/** Issue 6 "What must show": search two ways to one URL, read and edit a document, a mixed import. */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

/** A real one-page PDF (the browser's viewer renders it), made with pdf-lib like the demo seed's files. */
async function pdf(name: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`Imported by the E2E test: ${name.replace(/[^\x20-\x7e]/g, '')}`, {
    x: 50,
    y: 780,
    size: 14,
    font,
  });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function openList(page: Page, url = '/company/documents') {
  await login(page, DEMO.admin, url);
  await expect(page.getByRole('heading', { name: '書類', exact: true })).toBeVisible();
  await expect(page.getByTestId('document-row').first()).toBeVisible();
}

test('keyword search and the advanced form land on the same normalised URL', async ({ page }) => {
  await openList(page);
  await page.getByLabel('キーワード').fill('  業務委託  ');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(
    /\/company\/documents\?keyword=%E6%A5%AD%E5%8B%99%E5%A7%94%E8%A8%97$/,
  );
  const quickUrl = page.url();
  await expect(page.getByTestId('document-row').first()).toContainText('業務委託');

  await page.goto('/company/documents');
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expect(page.getByRole('heading', { name: '書類の詳細検索' })).toBeVisible();
  await expect(page.locator('[data-layout="no-global-nav"]')).toBeVisible();
  await page.getByLabel('キーワード').fill('業務委託');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(quickUrl);

  // A messy URL is normalised: defaults dropped, unknown keys dropped, keys in a fixed order.
  await page.goto(
    '/company/documents?foo=1&page=1&sort=-updatedAt&keyword=%E6%A5%AD%E5%8B%99%E5%A7%94%E8%A8%97',
  );
  await expect(page).toHaveURL(quickUrl);

  // Every condition of the advanced form survives the round trip.
  await page.getByRole('link', { name: '詳細検索' }).click();
  await page.getByLabel('締結済').check();
  await page.getByLabel('インポート書類').check();
  await page.getByLabel('取引金額（円以上）').fill('100000');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(/keyword=.*&status=2%2C13&.*amountFrom=100000/);
});

test('open a document, read its PDF, edit its attributes', async ({ page }) => {
  // A concluded document of the demo seed (its PDF made by the seed).
  await openList(page, '/company/documents?status=2');
  // The PDF is fetched with the Bearer token and shown from a blob URL (an <iframe> cannot send the token).
  const pdfResponse = page.waitForResponse(
    (r) => r.request().method() === 'GET' && /\/documents\/[^/]+\/files\/[^/]+$/.test(r.url()),
  );
  await page.getByTestId('document-row').first().click();
  await expect(page).toHaveURL(/documentId=/);
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(
    /^inline; filename=".*"; filename\*=UTF-8''/,
  );
  const head = await page.evaluate(async (url) => {
    const tokenRes = await fetch('/api/token/jwt', {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { jwt } = (await tokenRes.json()) as { jwt: string };
    const res = await fetch(url, { headers: { Authorization: `Bearer ${jwt}` } });
    return new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5));
  }, response.url());
  expect(head).toBe('%PDF-');
  const detail = page.getByTestId('document-detail-panel');
  await expect(detail.getByTestId('pdf-frame')).toHaveAttribute('src', /^blob:/);

  await detail.getByRole('tab', { name: '書類情報' }).click();
  const counterparty = `株式会社E2E確認${Date.now() % 100000}`;
  await detail.getByLabel('契約相手の名称').fill(counterparty);
  await detail.getByLabel('取引金額（円）').fill('1,234,000');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(detail.getByText('書類情報を保存しました。')).toBeVisible();
  await expect(page.getByTestId('document-row').first()).toContainText(counterparty);
  await expect(page.getByTestId('document-row').first()).toContainText('1,234,000円');

  // A bad amount stays on its field, in Japanese.
  await detail.getByLabel('取引金額（円）').fill('千円');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(
    detail.getByText(
      '取引金額は 1000000、1,000,000、1000000円 のように0以上の整数で入力してください。',
    ),
  ).toBeVisible();

  // The next document opens on the tab the admin is on, and the refused value stayed with its own document.
  await page.getByTestId('document-row').nth(1).click();
  await expect(detail.getByRole('tab', { name: '書類情報' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(detail.getByLabel('取引金額（円）')).not.toHaveValue('千円');
  await page.getByTestId('document-row').first().click();
  await expect(detail.getByLabel('契約相手の名称')).toHaveValue(counterparty);

  await detail.getByRole('tab', { name: 'PDF' }).click();
  await expect(detail.getByTestId('pdf-frame')).toBeVisible();
  await page.getByRole('heading', { name: '書類', exact: true }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000); // the browser's PDF viewer paints after the frame loads
  await page.screenshot({
    path: path.join(artifacts, 'documents-list-with-detail.png'),
    fullPage: false,
  });
});

test('import two PDFs and a non-PDF: two imported documents and one clear error', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents/import');
  await expect(page.getByRole('heading', { name: '書類のインポート' })).toBeVisible();
  await expect(page.locator('[data-layout="no-global-nav"]')).toBeVisible();
  await page.getByRole('textbox', { name: 'インポート先のキャビネット' }).click();
  await page.getByRole('option').nth(1).click();
  const stamp = Date.now() % 100000;
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      await pdf(`E2E取込A-${stamp}.pdf`),
      await pdf(`E2E取込B-${stamp}.pdf`),
      { name: 'メモ.txt', mimeType: 'text/plain', buffer: Buffer.from('これはPDFではありません') },
    ]);
  await expect(page.getByTestId('import-file')).toHaveCount(3);
  await page.getByRole('button', { name: /インポート開始/ }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '完了: 2件をインポートしました。エラー1件。',
  );
  await expect(page.locator('[data-testid="import-file"][data-state="done"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="import-file"][data-state="failed"]')).toContainText(
    'PDFファイルではありません。拡張子が「.pdf」のファイルを選んでください。',
  );
  await page.screenshot({
    path: path.join(artifacts, 'documents-import-mixed.png'),
    fullPage: true,
  });

  await page.getByRole('link', { name: 'インポートした書類を見る' }).click();
  await expect(page).toHaveURL(/\/company\/documents\?status=13&cabinetId=/);
  await page.getByLabel('キーワード').fill(`${stamp}`);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page.getByTestId('document-row')).toHaveCount(2);
  await expect(page.getByTestId('document-row').first()).toContainText('インポート書類');
});

test('書類情報の設定: an admin adds a required item and it appears in the attribute form', async ({
  page,
}) => {
  await openList(page);
  await page.getByRole('button', { name: '書類情報の設定' }).click();
  const dialog = page.getByRole('dialog', { name: '書類情報の設定' });
  const rows = dialog.getByTestId('attribute-option-row');
  // The form appears with the saved items (it is fetched when the dialog first opens).
  await expect(dialog.getByRole('button', { name: '項目を追加' })).toBeVisible();
  // Nothing changed yet: nothing to save (issue 30).
  await expect(dialog.getByRole('button', { name: '保存' })).toBeDisabled();
  const before = await rows.count();
  test.skip(before >= 10, 'the demo company already has 10 items');
  await dialog.getByRole('button', { name: '項目を追加' }).click();
  const name = `E2E項目${Date.now() % 10000}`;
  await dialog.getByLabel(`項目名 ${before + 1}`).fill(name);
  await rows.nth(before).getByLabel('必須').check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('document-row').first().click();
  await page.getByTestId('document-detail-panel').getByRole('tab', { name: '書類情報' }).click();
  await expect(page.getByTestId('document-detail-panel').getByLabel(name)).toBeVisible();

  // Remove it again so later runs can still save attributes without it.
  await page.getByRole('button', { name: '書類情報の設定' }).click();
  await dialog.getByRole('button', { name: `${before + 1}番目を削除` }).click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
});
