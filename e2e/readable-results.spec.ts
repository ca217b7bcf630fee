import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { DEMO, login } from './support/auth.ts';

/**
 * Check and result tables read at a glance at 1280×800: every row names its member or document and says in
 * words what changes or why it fails, inside the viewport (no sideways scrolling); the full before → after
 * opens under the row. Screenshots go to e2e/.artifacts/readable-*.png for a human to look at.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

test.use({ viewport: { width: 1280, height: 800 } });

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), click()]);
  return iconv.decode(readFileSync(await file.path()), 'cp932');
}

async function upload(page: Page, name: string, text: string) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: iconv.encode(text, 'cp932') });
}

const showRows = (page: Page, label: string) =>
  page
    .getByLabel('表示する行')
    .locator('label', { hasText: new RegExp(`^${label}$`) })
    .click();

/** Nothing scrolls sideways, and each shown row's words lie inside the 1280 px viewport. */
async function expectReadable(page: Page, rows: Locator) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    1280,
  );
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    for (const id of ['row-subject', 'row-summary']) {
      const cell = rows.nth(i).getByTestId(id);
      await expect(cell).not.toHaveText(/^(—)?$/);
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    }
  }
}

test('member bulk edit: names and changes in words, errors with their reason, all inside 1280 px', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/members/export');
  await page.getByTestId('request-csv').click();
  await expect(page.getByTestId('download-generated')).toBeVisible({ timeout: 60_000 });
  const text = await download(page, () => page.getByTestId('download-generated').click());
  const lines = text.trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  const col = (name: string) => header.indexOf(name);
  const others = lines
    .map((l, i) => ({ i, cells: l.split(',') }))
    .filter(
      (r) =>
        r.i > 0 &&
        !lines[r.i]!.includes('"') &&
        r.cells.length === header.length &&
        r.cells[col('メールアドレス')] !== DEMO.admin,
    );
  const [a, b, c] = [others[0]!, others[1]!, others[2]!];
  const audit = col('監査ログ閲覧権限');
  a.cells[audit] = a.cells[audit] === '1' ? '0' : '1';
  const expected = a.cells[audit] === '1' ? 'なし → あり' : 'あり → なし';
  b.cells[col('更新日時')] = '2001-01-01T00:00:00.000+09:00';
  c.cells[col('承認権限')] = 'はい';
  for (const r of [a, b, c]) lines[r.i] = r.cells.join(',');

  await page.goto('/company/members/bulk_edit/upload');
  await upload(page, 'edit.csv', `${lines.join('\r\n')}\r\n`);
  await page.waitForURL(/\/bulk_edit\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });

  const errors = page.locator('tr[data-action="error"]');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0).getByTestId('row-subject')).toHaveText(b.cells[col('氏名')]!);
  await expect(errors.nth(0).getByTestId('row-summary')).toContainText(
    '更新日時: 編集用CSVの作成後にこのメンバーが変更されています',
  );
  await expect(errors.nth(1).getByTestId('row-subject')).toHaveText(c.cells[col('氏名')]!);
  await expect(errors.nth(1).getByTestId('row-summary')).toContainText('承認権限: 「はい」');
  await expectReadable(page, errors);
  await page.screenshot({ path: path.join(artifacts, 'readable-member-edit-errors.png') });

  await showRows(page, '更新');
  const updated = page.locator('tr[data-action="update"]');
  await expect(updated).toHaveCount(1);
  await expect(updated.getByTestId('row-subject')).toHaveText(a.cells[col('氏名')]!);
  await expect(updated.getByTestId('row-summary')).toHaveText(`監査ログ閲覧権限: ${expected}`);
  await expectReadable(page, updated);
  // Every column, before → after, the same words in every row (no 0/1 beside なし/あり).
  await page.getByRole('button', { name: /行目の全項目を表示/ }).click();
  const detail = page.getByTestId('bulk-row-detail');
  await expect(detail.locator('tr[data-column="承認権限"] td').nth(1)).toHaveText(/^(あり|なし)$/);
  await expect(detail.locator('tr[data-column="監査ログ閲覧権限"]')).toContainText(
    expected.replace(' → ', ''),
  );
  await page.screenshot({ path: path.join(artifacts, 'readable-member-edit-update.png') });
  // 更新日時 as the file writes it: a JST date and time to the second (not the ISO instant the check keeps).
  const version = detail.locator('tr[data-column="更新日時"]');
  await expect(version.locator('td').nth(1)).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  await version.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(artifacts, 'readable-member-edit-version.png') });

  await showRows(page, '変更なし');
  await expect(page.locator('tr[data-action="unchanged"]').first()).toContainText(
    '変更はありません',
  );
});

test('member bulk add and delete: reasons in words, delete confirmed with the count on a red button', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await login(page, DEMO.admin, '/company/members/bulk_add/upload');
  const header =
    'メールアドレス,氏名,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ';
  await upload(
    page,
    'add.csv',
    [
      header,
      `read-${tag}-a@example.com,山田 一郎,営業部,0,1,0,0,0,`,
      `read-${tag}-b@example,鈴木 花子,,,,,,,`,
      `read-${tag}-c@example.com,佐藤 次郎,,2,,,,,存在しないグループ`,
    ].join('\r\n') + '\r\n',
  );
  await page.waitForURL(/\/bulk_add\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  const errors = page.locator('tr[data-action="error"]');
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0).getByTestId('row-subject')).toHaveText('鈴木 花子');
  await expect(errors.nth(0).getByTestId('row-summary')).toHaveText(
    'メールアドレス: メールアドレスの形式が正しくありません。',
  );
  await expect(errors.nth(1).getByTestId('row-subject')).toHaveText('佐藤 次郎');
  await expect(errors.nth(1).getByTestId('row-summary')).toContainText('組織管理権限:');
  await expectReadable(page, errors);
  await page.screenshot({ path: path.join(artifacts, 'readable-member-add-errors.png') });

  // Two real members (not the admin) and one unknown address, taken from an export.
  await page.goto('/company/members/export');
  await page.getByTestId('request-csv').click();
  await expect(page.getByTestId('download-generated')).toBeVisible({ timeout: 60_000 });
  const exported = await download(page, () => page.getByTestId('download-generated').click());
  const emails = [
    ...new Set([...exported.matchAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)].map((x) => x[0])),
  ]
    .filter((e) => e !== DEMO.admin && !e.startsWith('read-'))
    .slice(0, 2);
  expect(emails).toHaveLength(2);
  await page.goto('/company/members/bulk_delete/upload');
  await upload(
    page,
    'delete.csv',
    // The admin takes over whatever cabinets and documents the two held (移管先).
    [
      'メールアドレス,移管先メールアドレス',
      ...emails.map((e) => `${e},${DEMO.admin}`),
      `nobody-${tag}@example.com,`,
    ].join('\r\n') + '\r\n',
  );
  await page.waitForURL(/\/bulk_delete\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  await showRows(page, 'すべて');
  const rows = page.getByTestId('bulk-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByTestId('row-summary')).toContainText(`削除します`);
  await expect(rows.nth(2).getByTestId('row-summary')).toHaveText(
    'メールアドレス: メンバーが見つかりません。',
  );
  await expectReadable(page, rows);
  await page.screenshot({ path: path.join(artifacts, 'readable-member-delete-errors.png') });

  await page.goto('/company/members/bulk_delete/upload');
  await upload(
    page,
    'delete-ok.csv',
    ['メールアドレス,移管先メールアドレス', ...emails.map((e) => `${e},${DEMO.admin}`)].join(
      '\r\n',
    ) + '\r\n',
  );
  await page.waitForURL(/\/bulk_delete\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  for (const r of await page.getByTestId('row-subject').all())
    await expect(r).not.toHaveText(/^(—|[0-9a-f-]{36})?$/);
  await page.getByTestId('execute').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2名のメンバーを削除します。');
  await expect(dialog).toContainText(
    '管理していたキャビネットの管理者の役割と送信した書類は、移管先メールアドレスのメンバーに移ります',
  );
  const confirm = page.getByTestId('confirm-execute');
  await expect(confirm).toHaveText('2名のメンバーを削除する');
  // Mantine's red: a danger button, not the primary blue.
  await expect(confirm).toHaveCSS('background-color', /^rgb\(2\d\d, \d{1,3}, \d{1,3}\)$/);
  await page.screenshot({ path: path.join(artifacts, 'readable-member-delete-confirm.png') });
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
});

test('a file that changes nothing says so and cannot be executed', async ({ page }) => {
  await login(page, DEMO.admin, '/company/members/export');
  await page.getByTestId('request-csv').click();
  await expect(page.getByTestId('download-generated')).toBeVisible({ timeout: 60_000 });
  const text = await download(page, () => page.getByTestId('download-generated').click());
  await page.goto('/company/members/bulk_edit/upload');
  await upload(page, 'same.csv', text);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await expect(page.getByTestId('no-changes')).toContainText('変更はありません');
  await expect(page.getByTestId('execute')).toBeDisabled();
});

test('attribute bulk edit: titles and changes or the conflict in words, inside 1280 px', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents/attributes/bulk_edit/upload');
  // As people type it: with a comma (a number field would refuse it).
  await page.getByLabel('取引金額（以上）').fill('1,000');
  await page.getByRole('checkbox', { name: '締結済' }).check();
  const text = await download(page, () => page.getByTestId('request-download').click());
  const lines = text.trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  // Read-only reference columns for Excel, and only the status asked for.
  expect(header.slice(-4)).toEqual([
    'タイトル（参照用）',
    'ステータス（参照用）',
    '送信者（参照用）',
    'キャビネット（参照用）',
  ]);
  const statusCol = header.indexOf('ステータス（参照用）');
  for (const l of lines.slice(1).filter((x) => !x.includes('"')))
    expect(l.split(',')[statusCol]).toBe('締結済');
  const rows = lines
    .map((l, i) => ({ i, cells: l.split(',') }))
    .filter((r) => r.i > 0 && !lines[r.i]!.includes('"') && r.cells.length === header.length);
  const [a, b, c] = [rows[0]!, rows[1]!, rows[2]!];
  const amount = String(1_000_000 + (Date.now() % 1_000_000));
  const amountShown = `${Number(amount).toLocaleString('ja-JP')}円`;
  a.cells[header.indexOf('取引金額')] = amount;
  b.cells[header.indexOf('更新日時')] = '2001-01-01T00:00:00.000+09:00';
  b.cells[header.indexOf('取引金額')] = '7654321';
  c.cells[header.indexOf('契約終了日')] = '2031/02/30';
  for (const r of [a, b, c]) lines[r.i] = r.cells.join(',');
  await upload(page, 'attributes.csv', `${lines.join('\r\n')}\r\n`);
  await page.waitForURL(/\/checked_result$/);
  await expect(page.getByTestId('status')).not.toHaveText(/チェック中|待機/, { timeout: 60_000 });

  await showRows(page, 'すべて');
  const shown = page.locator(
    'tr[data-action="update"], tr[data-action="conflict"], tr[data-action="error"]',
  );
  await expect(shown).toHaveCount(3);
  const update = page.locator('tr[data-action="update"]');
  await expect(update.getByTestId('row-subject')).not.toHaveText(/^(—|[0-9a-f-]{36})$/);
  await expect(update.getByTestId('row-summary')).toContainText('取引金額:');
  await expect(update.getByTestId('row-summary')).toContainText(`→ ${amountShown}`);
  await expect(page.locator('tr[data-action="conflict"]').getByTestId('row-summary')).toContainText(
    '更新日時: ダウンロードの後にこの書類が変更されています',
  );
  await expect(page.locator('tr[data-action="error"]').getByTestId('row-summary')).toContainText(
    '契約終了日:',
  );
  await expectReadable(page, shown);
  await page.screenshot({ path: path.join(artifacts, 'readable-attribute-checked.png') });
});

test('attribute bulk result: what changed and the conflict left alone, in words, inside 1280 px', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents/attributes/bulk_edit/upload');
  // As people type it: with a comma (a number field would refuse it).
  await page.getByLabel('取引金額（以上）').fill('1,000');
  await page.getByRole('checkbox', { name: '締結済' }).check();
  const text = await download(page, () => page.getByTestId('request-download').click());
  const lines = text.trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  const rows = lines
    .map((l, i) => ({ i, cells: l.split(',') }))
    .filter((r) => r.i > 0 && !lines[r.i]!.includes('"') && r.cells.length === header.length);
  const [a, b] = [rows[3]!, rows[4]!];
  const amount = String(2_000_000 + (Date.now() % 1_000_000));
  a.cells[header.indexOf('取引金額')] = amount;
  b.cells[header.indexOf('更新日時')] = '2001-01-01T00:00:00.000+09:00';
  b.cells[header.indexOf('取引金額')] = '7654321';
  for (const r of [a, b]) lines[r.i] = r.cells.join(',');
  await upload(page, 'attributes-result.csv', `${lines.join('\r\n')}\r\n`);
  await page.waitForURL(/\/checked_result$/);
  await expect(page.getByTestId('status')).toHaveText('実行待ち', { timeout: 60_000 });
  await page.getByTestId('execute').click();
  await page.getByTestId('confirm-execute').click();
  await expect(page.getByTestId('status')).toHaveText('完了', { timeout: 60_000 });

  await showRows(page, 'すべて');
  const shown = page.locator('tr[data-action="update"], tr[data-action="conflict"]');
  await expect(shown).toHaveCount(2);
  await expect(page.locator('tr[data-action="update"]').getByTestId('row-summary')).toContainText(
    `→ ${Number(amount).toLocaleString('ja-JP')}円`,
  );
  await expect(page.locator('tr[data-action="conflict"]').getByTestId('row-summary')).toContainText(
    '更新日時: ダウンロードの後にこの書類が変更されています',
  );
  await expectReadable(page, shown);
  await page.screenshot({ path: path.join(artifacts, 'readable-attribute-result.png') });
});

test('document list: each detailed-search condition is a removable chip; 条件をクリア clears them all', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/documents');
  await page.getByRole('link', { name: '詳細検索' }).click();
  await page.getByRole('checkbox', { name: '締結済' }).check();
  await page.getByLabel('契約締結日（から）').fill('2026-01-01');
  await page.getByLabel('取引金額（円以下）').fill('20000000');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  const chips = page.getByTestId('condition-chip');
  await expect(chips).toHaveText([
    'ステータス: 締結済',
    '契約締結日: 2026/01/01〜',
    '取引金額: 〜20,000,000円',
  ]);
  for (const chip of await chips.all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  await page.screenshot({ path: path.join(artifacts, 'readable-document-chips.png') });

  await page.getByRole('button', { name: '条件「契約締結日: 2026/01/01〜」を外す' }).click();
  await expect(chips).toHaveText(['ステータス: 締結済', '取引金額: 〜20,000,000円']);
  await expect(page).not.toHaveURL(/contractAtFrom/);
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await expect(chips).toHaveCount(0);
  await expect(page).toHaveURL(/\/company\/documents$/);
});
