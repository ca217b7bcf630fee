import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet, login } from './support/auth.ts';
import { apiSend } from './support/api-write.ts';

/**
 * Names as long as the api allows, with no place to break a line (an unbroken run of letters), never widen a
 * table at 1280×800: members, groups, cabinets, documents (the list and a cabinet's), bulk check rows. A
 * shortened name ends in … and keeps the whole name as its title (shown on hover).
 * Screenshots go to e2e/.artifacts/long-names-*.png to be looked at.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });
test.use({ viewport: { width: 1280, height: 800 } });

const tag = Date.now().toString(36);
const long = (head: string, length: number) => `${head}${'W'.repeat(length - head.length)}`;
const MEMBER_NAME = long(`長い氏名${tag}`, 64);
const GROUP_NAME = long(`長いグループ${tag}`, 100);
const CABINET_NAME = long(`長いキャビネット${tag}`, 100);
const DOCUMENT_TITLE = long(`長いタイトル${tag}`, 64);
const COUNTERPARTY = long(`長い契約相手${tag}`, 200);

/** No sideways scrolling of the page, and every table ends inside the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    1280,
  );
  for (const table of await page.locator('table').all()) {
    const box = (await table.boundingBox())!;
    expect(box.x + box.width, 'a table ends past the viewport').toBeLessThanOrEqual(1280);
  }
}

/** The shortened text keeps the whole name on hover and stays inside the viewport. */
async function expectShortened(el: Locator, full: string) {
  await expect(el).toHaveAttribute('title', full);
  const box = (await el.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
}

test('very long names keep every table inside 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, DEMO.admin, '/company/members');
  const member = await apiSend<{ user: { id: string } }>(page, API_URL, 'POST', '/users', {
    email: `long-${tag}@example.com`,
    name: MEMBER_NAME,
  });
  expect(member.status).toBe(201);
  const group = await apiSend<{ memberGroup: { id: string } }>(
    page,
    API_URL,
    'POST',
    '/member_groups',
    {
      name: GROUP_NAME,
      note: long('長い備考', 200),
    },
  );
  expect(group.status).toBe(201);
  const joined = await apiSend(
    page,
    API_URL,
    'POST',
    `/member_groups/${group.body.memberGroup.id}/users`,
    {
      userIds: [member.body.user.id],
    },
  );
  expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
  const cabinet = await apiSend<{ cabinet: { id: string } }>(page, API_URL, 'POST', '/cabinets', {
    name: CABINET_NAME,
    note: long('長い備考', 200),
  });
  expect(cabinet.status).toBe(201);

  // Members: the list row.
  await page.goto(`/company/members?keyword=${encodeURIComponent(`長い氏名${tag}`)}`);
  const memberRow = page.getByTestId('member-row');
  await expect(memberRow).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectShortened(memberRow.getByTitle(MEMBER_NAME), MEMBER_NAME);
  await page.screenshot({ path: path.join(artifacts, 'long-names-members.png') });

  // Groups: the list, then the group with its long-named member.
  await page.goto('/member_groups');
  await expectNoSidewaysScroll(page);
  await expectShortened(page.getByRole('link', { name: GROUP_NAME }), GROUP_NAME);
  await page.screenshot({ path: path.join(artifacts, 'long-names-groups.png') });
  await page.getByRole('link', { name: GROUP_NAME }).click();
  await expect(page.getByTestId('group-member-row')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectShortened(page.getByTestId('group-member-row').getByTitle(MEMBER_NAME), MEMBER_NAME);

  // Cabinets: the list.
  await page.goto('/cabinets');
  await expectNoSidewaysScroll(page);
  await expectShortened(page.getByRole('link', { name: CABINET_NAME }), CABINET_NAME);
  await page.screenshot({ path: path.join(artifacts, 'long-names-cabinets.png') });

  // Documents: one imported into the long cabinet, with a 200-character 契約相手の名称.
  await page.goto('/company/documents/import');
  await page.getByRole('textbox', { name: 'インポート先のキャビネット' }).click();
  await page.getByRole('option', { name: CABINET_NAME }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${DOCUMENT_TITLE}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n% long title\n%%EOF\n'),
  });
  await page.getByRole('button', { name: /インポート開始/ }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '完了: 1件をインポートしました。エラー0件。',
  );
  await page.goto(`/company/documents?keyword=${encodeURIComponent(`長いタイトル${tag}`)}`);
  const docRow = page.getByTestId('document-row');
  await expect(docRow).toHaveCount(1);
  const found = await apiGet<{ documents: { id: string; title: string }[] }>(
    page,
    API_URL,
    `/documents?keyword=${encodeURIComponent(`長いタイトル${tag}`)}`,
  );
  expect(found.documents.map((d) => d.title)).toEqual([DOCUMENT_TITLE]);
  const put = await apiSend(
    page,
    API_URL,
    'PUT',
    `/documents/${found.documents[0]!.id}/attribute`,
    {
      counterparty: COUNTERPARTY,
    },
  );
  expect(put.status).toBe(200);
  await page.reload();
  await expectShortened(docRow.getByTitle(COUNTERPARTY), COUNTERPARTY);
  await expectNoSidewaysScroll(page);
  await expectShortened(docRow.getByTitle(DOCUMENT_TITLE), DOCUMENT_TITLE);
  await page.screenshot({ path: path.join(artifacts, 'long-names-documents.png') });

  // The cabinet's own document list.
  await page.goto(`/cabinets/${cabinet.body.cabinet.id}`);
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expectShortened(
    page.getByTestId('document-row').getByTitle(DOCUMENT_TITLE),
    DOCUMENT_TITLE,
  );
  await page.screenshot({ path: path.join(artifacts, 'long-names-cabinet-documents.png') });
});

test('a bulk check row with a very long 氏名 wraps inside 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, DEMO.admin, '/company/members/bulk_add/upload');
  const header =
    'メールアドレス,氏名,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ';
  const name = long(`一括の長い氏名${tag}`, 64);
  await page.locator('input[type=file]').setInputFiles({
    name: 'long.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(
      [header, `bulk-long-${tag}@example,${name},${long('所属', 100)},,,,,,`].join('\r\n') + '\r\n',
      'cp932',
    ),
  });
  await page.waitForURL(/\/bulk_add\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  const row = page.locator('tr[data-action="error"]');
  await expect(row.getByTestId('row-subject')).toHaveText(name);
  await expectNoSidewaysScroll(page);
  const box = (await row.getByTestId('row-summary').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: path.join(artifacts, 'long-names-bulk-rows.png') });
});
