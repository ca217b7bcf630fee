import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet } from './support/auth.ts';
import { expectPage, mainNav, startAt } from './support/journeys.ts';

/**
 * Issue 32 "Last sign-in": an admin sees 最終ログイン日時 in the member list and the drawer, applies
 * 「90日以上ログインしていない」, sees its count, and exports exactly that set. Reads only (an export is a new
 * run each time), so a second run on the same database passes too.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const DAY_MS = 86_400_000;
/** `2026/08/01 09:30:00` (JST) → the instant. */
const jstCell = (cell: string) => new Date(`${cell.replaceAll('/', '-').replace(' ', 'T')}+09:00`);

test('an admin filters the members who have not signed in for 90 days and exports that set', async ({
  page,
}) => {
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');

  // Every row says when its member last signed in; the admin has just signed in.
  const rows = page.getByTestId('member-row');
  await expect(rows.first().getByTestId('member-last-sign-in')).toContainText('最終ログイン');
  await page.getByRole('textbox', { name: 'キーワード' }).fill(DEMO.admin);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('member-last-sign-in')).toContainText(
    /\d{4}\/\d{2}\/\d{2}/,
  );
  await page.getByRole('textbox', { name: 'キーワード' }).fill('');
  await page.getByRole('button', { name: '検索' }).click();

  // The clean-up filter, picked at once: in the URL with the keyword cleared (not put back from the URL still
  // shown), and with the count the server answers for it.
  await page.getByRole('textbox', { name: '最終ログイン', exact: true }).click();
  await page.getByRole('option', { name: '90日以上ログインしていない' }).click();
  await expect(page).toHaveURL(/signIn=inactive90/);
  expect(new URL(page.url()).searchParams.has('keyword')).toBe(false);
  const { total } = await apiGet<{ total: number }>(
    page,
    API_URL,
    '/members?signIn=inactive90&page=1',
  );
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('member-total')).toContainText(
    `${total.toLocaleString('ja-JP')}名`,
  );
  await page.screenshot({ path: 'e2e/.artifacts/member-last-sign-in.png' });

  // The drawer of one of them says the same.
  await rows.first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByText('最終ログイン日時')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 「このN名をエクスポート」: the export starts from the list's conditions.
  await page.getByTestId('export-listed').click();
  await expectPage(page, 'メンバーのエクスポート');
  await expect(page.getByRole('textbox', { name: '最終ログイン', exact: true })).toHaveValue(
    '90日以上ログインしていない',
  );
  await page.getByText('UTF-8（BOM 付き）').click();
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/company\/members\/export\/[0-9a-f-]{36}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('download-generated').click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const columns = header!.split(',');
  expect(columns.at(-1)).toBe('最終ログイン日時');
  // Exactly the listed set: as many rows as the list counted, none signed in within 90 days.
  expect(lines).toHaveLength(total);
  const email = columns.indexOf('メールアドレス');
  for (const line of lines) {
    const cells = line.split(',');
    expect(cells[email]).not.toBe(DEMO.admin);
    const last = cells.at(-1)!;
    if (last) expect(Date.now() - jstCell(last).getTime()).toBeGreaterThan(90 * DAY_MS);
  }
});

test('an admin filters the members by 作成元 and exports that set with the 作成元 column', async ({
  page,
}) => {
  await startAt(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');

  // 作成元: in the URL, with the count the server answers for it.
  await page.getByRole('textbox', { name: '作成元', exact: true }).click();
  await page.getByRole('option', { name: '手動', exact: true }).click();
  await expect(page).toHaveURL(/source=manual/);
  const { total } = await apiGet<{ total: number }>(page, API_URL, '/members?source=manual&page=1');
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('member-total')).toContainText(
    `${total.toLocaleString('ja-JP')}名`,
  );
  // The filters fit the 1280 px page: nothing scrolls sideways.
  const html = page.locator('html');
  expect(
    await html.evaluate(
      (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth,
    ),
  ).toBe(0);
  await page.screenshot({ path: 'e2e/.artifacts/member-source-filter.png' });

  // 「このN名をエクスポート」 carries the condition; the 作成元 column is asked for.
  await page.getByTestId('export-listed').click();
  await expectPage(page, 'メンバーのエクスポート');
  await expect(page.getByRole('textbox', { name: '作成元', exact: true })).toHaveValue('手動');
  await page.getByRole('checkbox', { name: '作成元の列を含める' }).check();
  await page.getByText('UTF-8（BOM 付き）').click();
  await page.getByTestId('request-csv').click();
  await page.waitForURL(/\/company\/members\/export\/[0-9a-f-]{36}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('download-generated').click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trimEnd().split('\r\n');
  expect(header!.split(',').slice(-2)).toEqual(['最終ログイン日時', '作成元']);
  expect(lines).toHaveLength(total);
  for (const line of lines) expect(line.split(',').at(-1)).toBe('手動');
});
