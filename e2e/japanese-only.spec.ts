import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { EnglishWalk, englishRuns } from './support/english-text.ts';
import { expectPage, mainNav, pickFromMenu, startAt, subNav } from './support/journeys.ts';

/**
 * Japanese everywhere (issue 30): each role walks every screen it has by clicks, opens the dialogs, drawers
 * and pickers found there, and no English sentence is on screen (the rule: e2e/support/english-text.ts).
 * Findings are collected over the whole walk and listed at its end, so one run names every one of them.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const AUDITOR = 'auditor@example.com';
const NO_MATCH = 'zzqqxxjj';

test('the rule: an English sentence is found, allowed names and addresses are not', () => {
  expect(englishRuns('No elements found. Consider changing the search query.')).not.toEqual([]);
  expect(englishRuns('Page Not Found: /cabinets/not-a-uuid')).not.toEqual([]);
  expect(englishRuns('管理 太郎（admin@example.com）')).toEqual([]);
  expect(englishRuns('SAML 2.0 で IdP（Microsoft Entra ID、Okta など）から SSO')).toEqual([]);
  expect(englishRuns('メンバーID・CSV・PDF・URL: https://example.com/a b')).toEqual([]);
  // Data: the browser a sign-in came from, as the audit log shows it.
  expect(
    englishRuns('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)'),
  ).toEqual([]);
});

/** Opens a multiselect or select by its label, checks it, then types a search that finds nothing. */
async function probePicker(page: Page, walk: EnglishWalk, field: Locator, where: string) {
  await field.click();
  await walk.check(page, `${where}（開いたとき）`);
  await field.fill(NO_MATCH);
  // The dropdown's own state line (no option matches), once the server's search has answered.
  const state = page.getByRole('listbox').getByRole('status');
  await expect(state).toBeVisible();
  await expect(state).not.toHaveText(/読み込み中/);
  await walk.check(page, `${where}（該当なし）`);
  await page.screenshot({ path: `e2e/.artifacts/japanese-only-picker-1280.png` });
  await field.fill('');
  await page.keyboard.press('Escape');
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function members(page: Page, walk: EnglishWalk) {
  await mainNav(page).getByRole('link', { name: 'メンバー', exact: true }).click();
  await expectPage(page, 'メンバー');
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  await walk.check(page, 'メンバー');

  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer).toBeVisible();
  await walk.check(page, 'メンバーの詳細');
  await drawer.getByRole('button', { name: '編集' }).click();
  const form = page.getByRole('dialog', { name: 'メンバーを編集' });
  await expect(form).toBeVisible();
  await walk.check(page, 'メンバーを編集');
  await closeDialog(page, form);
  await closeDialog(page, drawer);

  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = page.getByRole('dialog', { name: 'メンバーを追加' });
  await expect(create).toBeVisible();
  await walk.check(page, 'メンバーを追加');
  await closeDialog(page, create);

  await page.getByRole('button', { name: 'CSVで一括操作' }).click();
  await walk.check(page, 'CSVで一括操作のメニュー');
  await page.keyboard.press('Escape');
}

async function memberBulk(page: Page, walk: EnglishWalk) {
  await pickFromMenu(page, 'CSVで一括操作', '一括追加');
  await expectPage(page, 'メンバーの一括追加');
  await walk.check(page, 'メンバーの一括追加');
  for (const [link, title] of [
    ['一括編集', 'メンバーの一括編集'],
    ['一括削除', 'メンバーの一括削除'],
    ['一括操作の履歴', '一括操作の履歴'],
  ] as const) {
    await subNav(page).getByRole('link', { name: link }).click();
    await expectPage(page, title);
    await walk.check(page, title);
  }
  await subNav(page).getByRole('link', { name: '一括編集' }).click();
  await page.getByRole('link', { name: '編集用CSVを作成する' }).click();
  await expectPage(page, '一括編集用CSVの作成');
  await walk.check(page, '一括編集用CSVの作成');
  await subNav(page).getByRole('link', { name: 'メンバー一覧に戻る' }).click();
  await pickFromMenu(page, 'CSVで一括操作', 'エクスポート');
  await expectPage(page, 'メンバーのエクスポート');
  await walk.check(page, 'メンバーのエクスポート');
  await subNav(page).getByRole('link', { name: 'メンバー一覧に戻る' }).click();
  await expectPage(page, 'メンバー');
}

async function groups(page: Page, walk: EnglishWalk, group: string, canAdd: boolean) {
  await mainNav(page).getByRole('link', { name: 'メンバーグループ' }).click();
  await expectPage(page, 'メンバーグループ');
  await walk.check(page, 'メンバーグループ');
  await page.getByRole('main').getByRole('link', { name: group, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: group })).toBeVisible();
  await walk.check(page, `メンバーグループ「${group}」`);
  if (!canAdd) return;
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  await probePicker(page, walk, page.getByLabel('追加するメンバー'), '追加するメンバーの選択');
}

async function cabinets(page: Page, walk: EnglishWalk, cabinet: string, isAdmin: boolean) {
  await mainNav(page).getByRole('link', { name: 'キャビネット' }).click();
  await expectPage(page, 'キャビネット');
  await walk.check(page, 'キャビネット');
  await page.getByRole('main').getByRole('link', { name: cabinet, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: cabinet })).toBeVisible();
  await walk.check(page, `キャビネット「${cabinet}」`);
  if (!isAdmin) return;
  const tab = page.getByRole('tab', { name: '閲覧・管理の設定' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('管理者を追加')).toBeVisible();
  await walk.check(page, 'キャビネットの閲覧・管理の設定');
  const adminField = page.getByLabel('管理者を追加');
  await adminField.fill(NO_MATCH);
  await expect(page.getByText('該当するメンバーはいません。').first()).toBeVisible();
  await walk.check(page, '管理者を追加（該当なし）');
  await adminField.fill('');
}

async function documents(page: Page, walk: EnglishWalk, isAdmin: boolean) {
  await mainNav(page).getByRole('link', { name: '書類' }).click();
  await expectPage(page, '書類');
  const first = page.getByTestId('document-row').first();
  await expect(first.or(page.getByText('条件に合う書類はありません。'))).toBeVisible();
  await walk.check(page, '書類');
  if (await first.isVisible()) {
    await first.click();
    await expect(page.getByTestId('document-detail-panel')).toBeVisible();
    await walk.check(page, '書類の詳細');
  }
  if (isAdmin) {
    await page.getByRole('button', { name: '書類情報の設定' }).click();
    const dialog = page.getByRole('dialog', { name: '書類情報の設定' });
    await expect(dialog.getByRole('button', { name: '項目を追加' })).toBeVisible();
    await walk.check(page, '書類情報の設定');
    await closeDialog(page, dialog);
  }
  await page.getByRole('link', { name: '詳細検索' }).click();
  await expectPage(page, '書類の検索', '書類の詳細検索');
  await walk.check(page, '書類の詳細検索');
  await page.goBack();
  await expectPage(page, '書類');
}

async function settings(page: Page, walk: EnglishWalk) {
  await mainNav(page).getByRole('link', { name: '企業設定' }).click();
  await expectPage(page, '企業設定');
  await walk.check(page, '企業設定');
  const theme = page.getByRole('radiogroup', { name: 'テーマ' });
  const other = (await theme.getByRole('radio', { name: 'SMBCクラウドサイン' }).isChecked())
    ? 'クラウドサイン'
    : 'SMBCクラウドサイン';
  await theme.getByRole('radio', { name: other, exact: true }).check();
  await page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  const preview = page.getByRole('dialog', { name: '設定の変更内容の確認' });
  await expect(preview).toBeVisible();
  // The theme by its name, never its key (「テーマ: smbc-cloudsign」).
  await expect(preview.getByRole('list', { name: '変更する項目' })).toHaveText(`テーマ: ${other}`);
  await walk.check(page, '設定の変更内容の確認');
  await page.screenshot({ path: 'e2e/.artifacts/japanese-only-settings-preview-1280.png' });
  await preview.getByRole('button', { name: 'キャンセル' }).click();

  await mainNav(page).getByRole('link', { name: 'SSO設定' }).click();
  await expectPage(page, 'SSO設定');
  await walk.check(page, 'SSO設定');
}

async function auditLog(page: Page, walk: EnglishWalk) {
  await mainNav(page).getByRole('link', { name: '監査ログ' }).click();
  await expectPage(page, '監査ログ');
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toBeVisible();
  await walk.check(page, '監査ログ');
  await events.first().getByRole('button').first().click();
  await expect(events.first().getByTestId('audit-event-detail')).toBeVisible();
  await walk.check(page, '監査ログの詳細');
}

test('a company admin (enterprise plan) meets no English sentence on any screen', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const walk = new EnglishWalk('組織管理権限（エンタープライズ）');
  await startAt(page, DEMO.admin);
  await members(page, walk);
  await memberBulk(page, walk);
  await groups(page, walk, '営業部', true);
  await cabinets(page, walk, '営業契約', true);
  await documents(page, walk, true);
  await settings(page, walk);
  expect(walk.found).toEqual([]);
});

test('a company admin (business plan) meets no English sentence on any screen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const walk = new EnglishWalk('組織管理権限（ビジネス）');
  await startAt(page, DEMO.otherAdmin);
  await members(page, walk);
  await memberBulk(page, walk);
  await groups(page, walk, '開発部', true);
  await cabinets(page, walk, 'すべての書類', false);
  await documents(page, walk, true);
  expect(walk.found).toEqual([]);
});

test('an auditor and a cabinet admin meet no English sentence on their screens', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const auditor = new EnglishWalk('監査ログ閲覧権限');
  await startAt(page, AUDITOR);
  await auditLog(page, auditor);
  await documents(page, auditor, false);

  const member = new EnglishWalk('キャビネットの管理者');
  await page.context().clearCookies();
  await startAt(page, DEMO.member);
  await expectPage(page, 'キャビネット');
  await cabinets(page, member, '営業契約', true);
  await documents(page, member, false);
  expect([...auditor.found, ...member.found]).toEqual([]);
});
