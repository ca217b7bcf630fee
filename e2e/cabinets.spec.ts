import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet as apiGetOnce, login } from './support/auth.ts';

/**
 * Issue 4 "What must show": an admin creates a cabinet, grants two groups, makes a member its admin and
 * files documents by moving them from another cabinet; the member, signed in, sees exactly those
 * documents; a rule's dry-run count is what its backfill then files. Screenshot of the access panel.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

type Cabinets = { cabinets: { id: string; name: string; documentCount: number }[] };
type Docs = { documents: { id: string; title: string }[]; total: number };

/**
 * The shared build can be replaced while a test runs (other builds of apps/console/dist); the console then
 * reloads once for the new chunks (spec §8), which destroys an in-flight `page.evaluate`. Ask again.
 */
async function apiGet<T>(page: Page, apiUrl: string, p: string): Promise<T> {
  try {
    return await apiGetOnce<T>(page, apiUrl, p);
  } catch (error) {
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState('load');
    return apiGetOnce<T>(page, apiUrl, p);
  }
}

/** The settings panel titled `title` (each has its own 保存 button). */
const panel = (page: Page, title: string): Locator =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function pickOptions(page: Page, scope: Locator, label: string, names: string[]) {
  const input = scope.getByLabel(label);
  for (const name of names) {
    await input.click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  await input.blur();
}

test('an admin sets up a cabinet, files documents by moving them, and the member sees exactly those', async ({
  page,
  browser,
}) => {
  const name = `E2E 案件 ${Date.now().toString(36)}`;
  await login(page, DEMO.admin, '/cabinets');
  await expect(page.getByRole('heading', { name: 'キャビネット', exact: true })).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'キャビネットを作成' });
  await dialog.getByLabel('キャビネット名').fill(name);
  await dialog.getByLabel('備考').fill('ブラウザテストで作成');
  await dialog.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByText(`キャビネット「${name}」を作成しました。`)).toBeVisible();
  const row = page.getByTestId('cabinet-row').filter({ hasText: name });
  await expect(row.getByTestId('cabinet-count')).toHaveText('0件');
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  const cabinetId = page.url().split('/cabinets/')[1]!.split('?')[0]!;

  // Grant two groups; make the member its admin.
  await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();
  const groups = panel(page, '閲覧できるメンバーグループ');
  await pickOptions(page, groups, 'メンバーグループ', ['営業部', '法務部']);
  await groups.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('閲覧できるメンバーグループを保存しました。')).toBeVisible();
  const admins = panel(page, '管理者');
  await admins.getByLabel('管理者を追加').fill(DEMO.member);
  await admins
    .getByTestId('admin-candidate')
    .getByRole('button', { name: /管理者にする/ })
    .click();
  await expect(admins.getByTestId('admin-row')).toContainText(DEMO.member);

  // The list shows it without a reload (spec §4: the cache entry is replaced).
  await page.getByRole('link', { name: 'キャビネット', exact: true }).first().click();
  await expect(page.getByTestId('cabinet-row').filter({ hasText: name })).toContainText('営業部');
  await expect(page.getByTestId('cabinet-row').filter({ hasText: name })).toContainText('法務部');

  // Move three documents here from 購買・業務委託.
  const { cabinets } = await apiGet<Cabinets>(page, API_URL, '/cabinets');
  const source = cabinets.find((c) => c.name === '購買・業務委託')!;
  const before = await apiGet<Docs>(page, API_URL, `/documents?cabinetId=${source.id}&perPage=50`);
  const moved = before.documents.slice(0, 3);
  await page.goto(`/cabinets/${source.id}`);
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < 3; i += 1) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('3件を選択中');
  await page.getByRole('button', { name: '別のキャビネットへ移動' }).click();
  const move = page.getByRole('dialog', { name: '別のキャビネットへ移動' });
  await move.getByLabel('移動先のキャビネット').click();
  await page.getByRole('option', { name, exact: true }).click();
  await move.getByRole('button', { name: '移動する' }).click();
  await expect(page.getByText(`3件の書類を「${name}」へ移動しました。`)).toBeVisible();
  const after = await apiGet<Docs>(page, API_URL, `/documents?cabinetId=${source.id}&perPage=50`);
  expect(after.total).toBe(before.total - 3);
  expect(after.documents.map((d) => d.id)).not.toContain(moved[0]!.id);

  // The member, signed in, sees exactly those three.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await login(member, DEMO.member, `/cabinets/${cabinetId}`);
  await expect(member.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(member.getByTestId('documents-total')).toHaveText('3件');
  await expect(member.getByTestId('document-row')).toHaveCount(3);
  for (const d of moved)
    await expect(
      member.getByTestId('document-row').filter({ hasText: d.title }).first(),
    ).toBeVisible();
  const seen = await apiGet<Docs>(member, API_URL, `/documents?cabinetId=${cabinetId}`);
  expect(seen.documents.map((d) => d.id).sort()).toEqual(moved.map((d) => d.id).sort());
  await memberContext.close();
});

test('a rule’s dry-run count is what its backfill files; the access panel explains who reads and why', async ({
  page,
}) => {
  const name = `E2E ルール ${Date.now().toString(36)}`;
  await login(page, DEMO.admin, '/cabinets');
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  await page
    .getByRole('dialog', { name: 'キャビネットを作成' })
    .getByLabel('キャビネット名')
    .fill(name);
  await page.getByRole('button', { name: '作成する' }).click();
  await page
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('link', { name })
    .click();
  await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();

  const rules = panel(page, '自動振り分けルール');
  await pickOptions(page, rules, '対象のメンバーグループ', ['経理部']);
  const dry = rules.getByTestId('dry-run');
  await expect(dry).toContainText(/既存の書類[\d,]+件/);
  const count = Number(
    /既存の書類([\d,]+)件/.exec((await dry.textContent()) ?? '')![1]!.replaceAll(',', ''),
  );
  expect(count).toBeGreaterThan(0);
  await rules.getByLabel('保存時に既存の書類にも適用する（バックグラウンドで実行します）').check();
  await rules.getByRole('button', { name: '保存' }).click();
  await expect(rules.getByTestId('backfill-status')).toContainText(
    `完了（${count.toLocaleString('ja-JP')}件を振り分け）`,
    { timeout: 60_000 },
  );
  await expect(
    page.getByRole('tab', { name: `書類（${count.toLocaleString('ja-JP')}）` }),
  ).toBeVisible();

  // Grant a group too, then look at who can read it and why.
  const groups = panel(page, '閲覧できるメンバーグループ');
  await pickOptions(page, groups, 'メンバーグループ', ['経理部']);
  await groups.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('閲覧できるメンバーグループを保存しました。')).toBeVisible();
  await page.getByRole('tab', { name: 'アクセスできる人' }).click();
  const access = page.getByTestId('access-panel');
  await expect(access.getByTestId('access-row').first()).toBeVisible();
  await expect(access).toContainText('組織管理権限');
  await expect(access).toContainText('グループ「経理部」のメンバー');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(artifacts, 'cabinet-access.png'), fullPage: true });
});

test('a cabinet admin sees his cabinet’s rules but cannot set them, and the access panel says who may file', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.member);
  await page.getByRole('link', { name: '営業契約', exact: true }).click();
  await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();
  const rules = panel(page, '自動振り分けルール');
  await expect(rules).toContainText(
    '自動振り分けルールの設定は、組織管理権限を持つメンバーだけができます',
  );
  await expect(rules.getByRole('button', { name: '保存' })).toHaveCount(0);
  await expect(rules.getByRole('textbox')).toHaveCount(0);
  await page.screenshot({ path: path.join(artifacts, 'cabinet-rules-cabinet-admin.png') });
  await page.getByRole('tab', { name: 'アクセスできる人' }).click();
  await expect(page.getByTestId('access-rules')).toContainText(
    '閲覧だけできる書類は追加できません。',
  );
});
