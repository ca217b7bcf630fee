import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { DEMO, login } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

const AUDITOR = 'auditor@example.com';

test.use({ viewport: { width: 1280, height: 800 } });

test('an auditor finds the audit log in the navigation, filters by a member and reads a change in words', async ({
  page,
}) => {
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  await expectPage(page, '監査ログ');
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/audit-log.png' });

  // The admin's changes: typed as an IME may leave the address (full-width), with the member category.
  await page.getByLabel('操作したメンバー').fill('ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ');
  await page.getByRole('textbox', { name: '操作の種類' }).click();
  await page.getByRole('option', { name: 'メンバー', exact: true }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByLabel('操作したメンバー')).toHaveValue('admin@example.com');
  // Other journeys add and change members as the admin too: the change looked for is among his events.
  await expect(events.filter({ hasText: 'メンバーの変更' }).first()).toBeVisible();
  for (const text of await events.allInnerTexts()) expect(text).toContain('管理 太郎');

  const change = events.filter({ hasText: 'member@example.com' });
  await change.getByRole('button').first().click();
  const detail = change.getByTestId('audit-event-detail');
  await expect(detail).toContainText('管理 太郎（admin@example.com）');
  await expect(detail).toContainText('所属');
  await expect(detail).toContainText('営業部 → 営業部 第一営業課');
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-detail.png' });

  // A period typed backwards (era and western dates both read) is refused with the reason.
  await page.getByRole('button', { name: '条件をクリア' }).click();
  // Typed at once, while the cleared conditions are still reaching the URL: nothing typed is lost.
  await page.getByLabel('期間（開始）').pressSequentially('令和元年5月1日');
  await page.getByLabel('期間（終了）').pressSequentially('2019/4/30');
  await expect(page).toHaveURL(/\/company\/audit_log$/);
  await expect(page.getByLabel('期間（開始）')).toHaveValue('令和元年5月1日');
  await expect(page.getByLabel('期間（終了）')).toHaveValue('2019/4/30');
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByText('期間の終了は開始と同じか後の日付にしてください。')).toBeVisible();
});

const EXPORT_HEADER = [
  '日時（JST）',
  '番号',
  '操作者',
  '操作者のメールアドレス',
  '操作者のID',
  'IPアドレス',
  'ユーザーエージェント',
  'リクエストID',
  '操作の種類',
  '操作',
  '対象の種類',
  '対象のID',
  '対象',
  '詳細',
  '詳細（JSON）',
];

/** Exports the shown conditions in `encoding`, waits for the job, downloads and reads the file's rows. */
async function exportAndDownload(page: Page, panel: Locator, encoding: 'sjis' | 'utf8bom') {
  await panel
    .getByText(encoding === 'sjis' ? 'Shift_JIS（Excel 向け）' : 'UTF-8（BOM 付き）')
    .click();
  // A file made before (other encoding) is no longer offered once the encoding changes.
  await expect(panel.getByText('CSVができました')).toHaveCount(0);
  await panel.getByRole('button', { name: 'この条件でCSVを書き出す' }).click();
  const done = panel.getByRole('alert').filter({ hasText: 'CSVができました' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  const count = Number(
    /([\d,]+)件の記録を書き出しました/.exec(await done.innerText())![1]!.replaceAll(',', ''),
  );
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'CSVをダウンロード' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^監査ログ_.*\.csv$/);
  const bytes = readFileSync(await file.path());
  if (encoding === 'utf8bom') expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text =
    encoding === 'sjis' ? iconv.decode(bytes, 'cp932') : bytes.subarray(3).toString('utf8');
  const records: string[][] = parse(text);
  const [header, ...rows] = records;
  // The last line is the chain's anchor (company:number:hash), for audit:verify --anchor; the events come before it.
  const anchor = rows.pop()!;
  expect(anchor).toContain('チェーンの先頭（検証用アンカー）');
  expect(anchor.at(-1)).toMatch(/^[0-9a-f-]{36}:\d+:[0-9a-f]{64}$/);
  return { header, rows, count };
}

test("an auditor exports one member's events in both encodings, downloads them and finds the download recorded", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  await expectPage(page, '監査ログ');
  await page.getByLabel('操作したメンバー').fill('admin@example.com');
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(/actorEmail=admin%40example\.com/);
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toContainText('管理 太郎');
  await events.first().getByRole('button').first().click();
  await expect(events.first().getByTestId('audit-event-detail')).toContainText(
    '管理 太郎（admin@example.com）',
  );

  const panel = page.getByRole('region', { name: 'CSVの書き出し' });
  for (const encoding of ['utf8bom', 'sjis'] as const) {
    const { header, rows, count } = await exportAndDownload(page, panel, encoding);
    expect(header).toEqual(EXPORT_HEADER);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(count);
    // Every row is the admin's, named as the viewer names them.
    expect(new Set(rows.map((r) => `${r[2]} ${r[3]}`))).toEqual(
      new Set(['管理 太郎 admin@example.com']),
    );
  }
  await panel.screenshot({ path: 'e2e/.artifacts/audit-log-export-panel.png' });
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-export.png' });

  // The downloads themselves, in the 監査ログ category, by the auditor.
  await page.getByLabel('操作したメンバー').fill('');
  await page.getByRole('textbox', { name: '操作の種類' }).click();
  await page.getByRole('option', { name: '監査ログ', exact: true }).click();
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(/category=auditLog/);
  // The admin's file is not offered for the new conditions.
  await expect(panel.getByText('CSVができました')).toHaveCount(0);
  const downloads = events.filter({ hasText: '監査ログのダウンロード' });
  await expect(downloads).toHaveCount(2);
  for (const text of await downloads.allInnerTexts()) expect(text).toContain('監査 次郎');
});

test('the whole history pages back with 「さらに表示」, newest first', async ({ page }) => {
  await startAt(page, AUDITOR);
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  const events = page.getByTestId('audit-event');
  await expect(events).toHaveCount(50);
  await page.getByRole('button', { name: 'さらに表示' }).click();
  await expect(events).toHaveCount(100);
  await expect(page.getByText('100件を表示中')).toBeVisible();
});

test('a company admin without 監査ログ閲覧権限 is not offered the audit log', async ({ page }) => {
  await startAt(page, DEMO.admin);
  await expect(mainNav(page).getByRole('link', { name: '企業設定' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: '監査ログ' })).toHaveCount(0);
});

test('opening the audit log without 監査ログ閲覧権限 shows the 403 page saying why', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/company/audit_log');
  await expect(page.getByText(/監査ログ閲覧権限を持つメンバーのみ閲覧できます/)).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/audit-log-403.png' });
});
