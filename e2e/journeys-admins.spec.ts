import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import {
  expectPage,
  mainNav,
  openFirstHistoryRow,
  pickFromMenu,
  startAt,
  subNav,
  uploadCsv,
} from './support/journeys.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';
const ADD_HEADER =
  'メールアドレス,氏名,所属,組織管理権限,承認権限,監査ログ閲覧権限,書類インポート権限,テンプレート共有権限,メンバーグループ';

/** Cabinets, a cabinet, member groups, a group: the global navigation and the lists' links. */
async function cabinetsAndGroups(page: Page, cabinet: string, group: string) {
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await expectPage(page, 'キャビネット');
  await page.getByRole('main').getByRole('link', { name: cabinet, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: cabinet })).toBeVisible();
  await expect(page).toHaveTitle(`${cabinet} | クラウドサイン`);

  await mainNav(page).getByRole('link', { name: 'メンバーグループ' }).click();
  await expectPage(page, 'メンバーグループ');
  await page.getByRole('main').getByRole('link', { name: group, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: group })).toBeVisible();
}

/** Every member-bulk page from 「メンバー」 by its menu and the bulk pages' own navigation. */
async function memberBulkPages(page: Page, { withRuns }: { withRuns: boolean }) {
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');

  await pickFromMenu(page, 'CSVで一括操作', '一括追加');
  await expectPage(page, 'メンバーの一括追加');
  if (withRuns) {
    await uploadCsv(
      page,
      'add.csv',
      `${ADD_HEADER}\r\njourney-${Date.now()}@example,鈴木 花子,,,,,,,\r\n`,
    );
    await expectPage(page, '一括追加の確認');
    await expect(page.getByTestId('status')).toHaveText('チェックエラー', { timeout: 60_000 });
  }
  // Back to the list from any bulk page.
  await subNav(page).getByRole('link', { name: 'メンバー一覧に戻る' }).click();
  await expectPage(page, 'メンバー');

  await pickFromMenu(page, 'CSVで一括操作', 'エクスポート');
  await expectPage(page, 'メンバーのエクスポート');
  let exported: Buffer | null = null;
  if (withRuns) {
    await page.getByTestId('request-csv').click();
    await expect(page).toHaveURL(/\/company\/members\/export\/[0-9a-f-]{36}$/);
    await expectPage(page, 'メンバーのエクスポート');
    await expect(page.getByTestId('download-generated')).toBeVisible({ timeout: 60_000 });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-generated').click(),
    ]);
    exported = readFileSync(await file.path());
  }

  await subNav(page).getByRole('link', { name: '一括編集' }).click();
  await expectPage(page, 'メンバーの一括編集');
  await page.getByRole('link', { name: '編集用CSVを作成する' }).click();
  await expectPage(page, '一括編集用CSVの作成');
  if (withRuns && exported) {
    await page.getByTestId('request-csv').click();
    await expect(page).toHaveURL(/\/csv_template\/[0-9a-f-]{36}$/);
    await expectPage(page, '一括編集用CSVの作成');
    await subNav(page).getByRole('link', { name: '一括編集' }).click();
    await uploadCsv(page, 'edit.csv', exported);
    await expectPage(page, '一括編集の確認');
  }

  await subNav(page).getByRole('link', { name: '一括削除' }).click();
  await expectPage(page, 'メンバーの一括削除');
  if (withRuns) {
    await uploadCsv(page, 'delete.csv', `メールアドレス\r\nnobody-${Date.now()}@example.com\r\n`);
    await expectPage(page, '一括削除の確認');
  }

  await subNav(page).getByRole('link', { name: '一括操作の履歴' }).click();
  await expectPage(page, '一括操作の履歴');
  if (withRuns) {
    await openFirstHistoryRow(page);
    await expectPage(page, '一括操作の詳細');
  }
}

test('company admin on the enterprise plan reaches every route by clicks', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await startAt(page, DEMO.admin);
  await expectPage(page, 'メンバー');
  await page.getByRole('button', { name: 'CSVで一括操作' }).click();
  await page.screenshot({ path: 'e2e/.artifacts/journey-members-bulk-menu-1280.png' });
  await page.keyboard.press('Escape');
  await cabinetsAndGroups(page, '営業契約', '営業部');
  await memberBulkPages(page, { withRuns: true });

  await mainNav(page).getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expectPage(page, '書類の検索', '書類の詳細検索');
  await page.goBack();
  await expectPage(page, '書類');

  await page.getByRole('link', { name: 'インポート', exact: true }).click();
  await expectPage(page, '書類のインポート');
  await page.getByRole('link', { name: '書類一覧に戻る' }).click();
  await expectPage(page, '書類');

  await page.getByRole('button', { name: 'CSVで一括編集' }).click();
  await page.screenshot({ path: 'e2e/.artifacts/journey-documents-menu-1280.png' });
  await page.getByRole('menuitem', { name: '書類情報の一括編集' }).click();
  await expectPage(page, '書類情報の一括編集');
  await uploadCsv(
    page,
    'attributes.csv',
    `書類ID,更新日時,取引金額\r\n${UNKNOWN_ID},2001-01-01 00:00:00,1000\r\n`,
  );
  await expectPage(page, '書類情報の一括編集の確認', '書類情報の一括編集 チェック結果');
  await page
    .getByRole('navigation', { name: 'パンくずリスト' })
    .getByRole('link', { name: '書類情報の一括編集の履歴' })
    .click();
  await expectPage(page, '書類情報の一括編集の履歴');
  await openFirstHistoryRow(page);
  await expectPage(page, '書類情報の一括編集の確認', '書類情報の一括編集 チェック結果');
  await page.screenshot({ path: 'e2e/.artifacts/journey-attribute-result-1280.png' });
  await page
    .getByRole('navigation', { name: 'パンくずリスト' })
    .getByRole('link', { name: '書類', exact: true })
    .click();
  await expectPage(page, '書類');
});

test('company admin on the business plan: every route but the enterprise ones; no import without the flag', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startAt(page, DEMO.otherAdmin);
  await expectPage(page, 'メンバー');
  await cabinetsAndGroups(page, 'すべての書類', '開発部');
  await memberBulkPages(page, { withRuns: false });

  await mainNav(page).getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expectPage(page, '書類の検索', '書類の詳細検索');
  await page.goBack();
  await expectPage(page, '書類');
  // Not offered: 書類情報の一括編集 (enterprise plan) and the import (the company's flag is off).
  await expect(page.getByRole('button', { name: 'CSVで一括編集' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'インポート', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /書類情報の一括編集/ })).toHaveCount(0);
});
