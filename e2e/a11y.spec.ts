import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { audit, describe, isBlocking, type AxeFinding } from './support/a11y.ts';
import { DEMO, apiGet, login, submitLogin } from './support/auth.ts';
import { SPEC_ROUTES } from './support/routes.ts';
import { forceTheme } from './support/theme.ts';
import { renderSitePage } from './support/site-pages.ts';
import { UNKNOWN_ID, createBulkRuns, settled } from './support/bulk-runs.ts';

/**
 * Issue 8, suite 9: axe-core (WCAG 2.1 A/AA + best practices) on every route of spec §2 with real records,
 * on every drawer, modal, tab and confirmation the console opens, as a plain member, in the SMBC theme, and
 * on the site's login, password and MFA pages. A moderate, serious or critical violation anywhere fails;
 * minor ones are printed. Each test prints how many page states it checked.
 */
class Checker {
  readonly findings: AxeFinding[] = [];
  readonly states: string[] = [];
  constructor(private readonly page: Page) {}
  async check(state: string) {
    this.states.push(state);
    this.findings.push(...(await audit(this.page, state)));
  }
  report(label: string) {
    const blocking = this.findings.filter(isBlocking);
    console.log(
      `a11y ${label}: ${this.states.length} states checked, ${blocking.length} moderate or worse, ${this.findings.length - blocking.length} minor`,
    );
    if (this.findings.length > 0) console.log(this.findings.map(describe).join('\n'));
    expect(blocking.map(describe)).toEqual([]);
  }
}

test('every route of spec §2, with real records and with unknown ids', async ({ page }) => {
  test.setTimeout(600_000);
  const c = new Checker(page);
  await login(page, DEMO.admin);
  const { cabinets } = await apiGet<{ cabinets: { id: string; name: string }[] }>(
    page,
    API_URL,
    '/cabinets',
  );
  const { memberGroups } = await apiGet<{ memberGroups: { id: string }[] }>(
    page,
    API_URL,
    '/member_groups',
  );
  const { documents } = await apiGet<{ documents: { id: string }[] }>(
    page,
    API_URL,
    '/documents?perPage=1',
  );

  const ids = await createBulkRuns(page, documents[0]!.id);

  const real: Record<string, string> = {
    '/cabinets/{id}': cabinets.find((x) => x.name !== 'すべての書類')!.id,
    '/member_groups/{id}': memberGroups[memberGroups.length - 1]!.id,
    '/company/members/export/{id}': ids.export,
    '/company/members/bulk_manipulations/{id}': ids.add,
    '/company/members/bulk_edit/csv_template/{id}': ids.template,
    '/company/members/bulk_add/{id}/preview': ids.add,
    '/company/members/bulk_edit/{id}/preview': ids.edit,
    '/company/members/bulk_delete/{id}/preview': ids.delete,
    '/company/documents/attributes/bulk_edit/{id}/checked_result': ids.attributes,
  };
  for (const route of SPEC_ROUTES) {
    const variants = route.param ? [real[route.path]!, UNKNOWN_ID] : [''];
    for (const id of variants) {
      const url = route.path.replace('{id}', id);
      await page.goto(url);
      await settled(page);
      await c.check(`${url}${id === UNKNOWN_ID ? ' (unknown id)' : ''}`);
    }
  }
  // Documents list with a document open beside it; non-fatal and fatal 404; the user menu open.
  await page.goto(`/company/documents?documentId=${documents[0]!.id}`);
  await settled(page);
  await expect(page.getByTestId('document-detail-panel')).toBeVisible();
  await c.check('/company/documents?documentId= (detail open)');
  await page.goto('/no/such/page');
  await settled(page);
  await c.check('/no/such/page (404 in layout)');
  await page.goto('/cabinets/not-an-id');
  await expect(page.getByTestId('error-message')).toBeVisible();
  await c.check('/cabinets/not-an-id (fatal 404)');
  await page.goto('/cabinets');
  await settled(page);
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await c.check('/cabinets (user menu open)');
  c.report('routes');
});

test('drawers, modals, tabs and confirmations with data', async ({ page }) => {
  test.setTimeout(600_000);
  const c = new Checker(page);
  await login(page, DEMO.admin, '/cabinets');
  await settled(page);
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };

  // Cabinets: create, delete confirmation; a cabinet's tabs; moving documents.
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  await expect(page.getByRole('dialog', { name: 'キャビネットを作成' })).toBeVisible();
  await c.check('cabinets: create modal');
  await page.getByRole('dialog').getByRole('button', { name: '作成する' }).click();
  await c.check('cabinets: create modal with a validation error');
  await closeDialog();
  await page.getByTestId('cabinet-row').nth(1).getByRole('button', { name: '削除' }).click();
  await expect(page.getByRole('dialog', { name: 'キャビネットを削除' })).toBeVisible();
  await c.check('cabinets: delete confirmation');
  await closeDialog();
  await page.getByTestId('cabinet-row').nth(1).getByRole('link').first().click();
  await settled(page);
  for (const tab of ['閲覧・管理の設定', 'アクセスできる人']) {
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
    await c.check(`cabinet detail: tab ${tab}`);
  }
  await page.getByRole('tab', { name: /^書類/ }).click();
  await page.getByTestId('document-row').first().getByRole('checkbox').check();
  await c.check('cabinet detail: a document selected');
  await page.getByRole('button', { name: '別のキャビネットへ移動' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await c.check('cabinet detail: move modal');
  await closeDialog();

  // Member groups: create modal, delete confirmation, a group's edit modal and add-members panel.
  await page.goto('/member_groups');
  await settled(page);
  await page.getByRole('button', { name: 'グループを作成' }).click();
  await expect(page.getByRole('dialog', { name: 'グループを作成' })).toBeVisible();
  await c.check('member groups: create modal');
  await closeDialog();
  await page
    .getByTestId('group-row')
    .last()
    .getByRole('button', { name: /を削除$/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'グループを削除' })).toBeVisible();
  await c.check('member groups: delete confirmation');
  await closeDialog();
  await page.getByTestId('group-row').last().getByRole('link').first().click();
  await settled(page);
  await page.getByRole('button', { name: '編集' }).click();
  await expect(page.getByRole('dialog', { name: 'グループを編集' })).toBeVisible();
  await c.check('member group detail: edit modal');
  await closeDialog();
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  await settled(page);
  await c.check('member group detail: add-members panel open');

  // Members: drawer, edit, create, confirmations.
  await page.goto('/company/members?mfa=1');
  await settled(page);
  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByTestId('readable-cabinets')).toBeVisible();
  await c.check('members: detail drawer');
  await drawer.getByRole('button', { name: '編集' }).click();
  await expect(page.getByRole('dialog', { name: 'メンバーを編集' })).toBeVisible();
  await c.check('members: edit modal over the drawer');
  await page
    .getByRole('dialog', { name: 'メンバーを編集' })
    .getByRole('button', { name: 'キャンセル' })
    .click();
  await drawer.getByRole('button', { name: '2要素認証をリセット' }).click();
  await expect(page.getByRole('dialog', { name: '2要素認証をリセット' })).toBeVisible();
  await c.check('members: MFA reset confirmation');
  await page
    .getByRole('dialog', { name: '2要素認証をリセット' })
    .getByRole('button', { name: 'キャンセル' })
    .click();
  await drawer.getByRole('button', { name: '削除' }).click();
  await expect(page.getByRole('dialog', { name: 'メンバーを削除' })).toBeVisible();
  await c.check('members: delete confirmation');
  await page
    .getByRole('dialog', { name: 'メンバーを削除' })
    .getByRole('button', { name: 'キャンセル' })
    .click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = page.getByRole('dialog', { name: 'メンバーを追加' });
  await create.getByRole('button', { name: '追加する' }).click();
  await c.check('members: create modal with validation errors');
  await closeDialog();
  await page.getByRole('switch', { name: 'すべて表示' }).click();
  await expect.poll(() => page.getByTestId('member-row').count()).toBeGreaterThan(0);
  await c.check('members: every member (virtual list)');

  // Documents: the detail's three tabs, the attribute settings modal, the advanced search form.
  await page.goto('/company/documents?status=2');
  await settled(page);
  await page.getByTestId('document-row').first().click();
  const detail = page.getByTestId('document-detail-panel');
  await expect(detail.getByTestId('pdf-frame')).toHaveAttribute('src', /^blob:/);
  await c.check('documents: detail, PDF tab');
  await detail.getByRole('tab', { name: '書類情報' }).click();
  await c.check('documents: detail, attributes tab');
  await detail.getByLabel('取引金額（円）').fill('千円');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(
    detail.getByText(
      '取引金額は 1000000、1,000,000、1000000円 のように0以上の整数で入力してください。',
    ),
  ).toBeVisible();
  await c.check('documents: detail, attributes tab with an error');
  await detail.getByRole('tab', { name: /^参加者/ }).click();
  await c.check('documents: detail, participants tab');
  await page.getByRole('button', { name: '書類情報の設定' }).click();
  await expect(page.getByRole('dialog', { name: '書類情報の設定' })).toBeVisible();
  await c.check('documents: attribute settings modal');
  await closeDialog();

  // Import: files queued (one not a PDF) and the per-file attribute modal.
  await page.goto('/company/documents/import');
  await settled(page);
  await page.getByRole('textbox', { name: 'インポート先のキャビネット' }).click();
  await page.getByRole('option').nth(1).click();
  await page.locator('input[type="file"]').setInputFiles([
    { name: '契約書.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'メモ.txt', mimeType: 'text/plain', buffer: Buffer.from('PDFではありません') },
  ]);
  await expect(page.getByTestId('import-file')).toHaveCount(2);
  await c.check('documents import: two files queued');
  await page.getByTestId('import-file').first().getByRole('button', { name: '書類情報' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await c.check('documents import: per-file attribute modal');
  await closeDialog();

  // Bulk: the execute confirmation of a checked edit file.
  await page.goto('/company/members/bulk_manipulations');
  await settled(page);
  await c.check('member bulk history with runs');
  await page.goto('/company/documents/attributes/bulk_manipulations');
  await settled(page);
  await c.check('attribute bulk history with runs');
  c.report('dialogs');
});

test('a plain member and the SMBC theme', async ({ page }) => {
  test.setTimeout(400_000);
  const c = new Checker(page);
  await login(page, DEMO.member, '/cabinets');
  for (const url of ['/cabinets', '/company/documents']) {
    await page.goto(url);
    await settled(page);
    await c.check(`member: ${url}`);
  }
  await page.context().clearCookies();
  await forceTheme(page, API_URL, 'smbc-cloudsign');
  await login(page, DEMO.admin, '/company/settings');
  for (const url of [
    '/company/members/bulk_add/upload',
    '/company/documents/search',
    '/company/settings',
  ]) {
    await page.goto(url);
    await settled(page);
    await c.check(`smbc theme: ${url}`);
  }
  // The lists the site renders, reached by the menu from a page the browser renders (see forceTheme).
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  for (const [name, url] of [
    ['書類', '/company/documents'],
    ['メンバー', '/company/members'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await settled(page);
    await c.check(`smbc theme: ${url}`);
  }
  await page.getByTestId('member-row').first().click();
  await expect(page.getByRole('dialog', { name: 'メンバーの詳細' })).toBeVisible();
  await c.check('smbc theme: member drawer');
  c.report('member and SMBC theme');
});

test('the site: login, password setup, MFA and message pages', async ({ page, browser }) => {
  test.setTimeout(400_000);
  const c = new Checker(page);
  await page.goto('/login');
  await c.check('/login');
  await submitLogin(page, DEMO.admin, 'wrong-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await c.check('/login with an error');
  await submitLogin(page, DEMO.admin);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
  const { members: mfaMembers } = await apiGet<{ members: { email: string }[] }>(
    page,
    API_URL,
    '/members?mfa=1&status=1',
  );
  const { members: resetMembers } = await apiGet<{ members: { email: string }[] }>(
    page,
    API_URL,
    '/members?status=2',
  );

  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const vc = new Checker(v);
  await v.goto('/login');
  await submitLogin(v, mfaMembers[0]!.email);
  await expect(v).toHaveURL(/\/mfa\/verify/);
  await vc.check('/mfa/verify');
  await v.getByLabel('確認コード').fill('000000');
  await v.getByRole('button', { name: '認証する' }).click();
  await expect(v.getByRole('alert')).toBeVisible();
  await vc.check('/mfa/verify with an error');
  await visitor.clearCookies();
  await v.goto('/login');
  await submitLogin(v, resetMembers[0]!.email);
  await expect(v.getByLabel('新しいパスワード（確認）')).toBeVisible();
  await vc.check('new password at login (password reset)');
  await v.getByLabel('新しいパスワード', { exact: true }).fill('short');
  await v.getByLabel('新しいパスワード（確認）').fill('different');
  await v.getByRole('button').filter({ hasText: /設定/ }).first().click();
  await expect(v.getByRole('alert')).toBeVisible();
  await vc.check('new password with field errors');
  await v.goto('/password_setup/not-a-real-token');
  await vc.check('/password_setup with an invalid link (message page)');
  await visitor.close();
  c.findings.push(...vc.findings);
  c.states.push(...vc.states);

  // MFA enrolment and backup codes need a company that requires MFA (none in the demo seed): the site's own
  // renderer makes the exact pages, and the browser checks them.
  for (const name of ['mfaSetup', 'mfaSetupError', 'mfaBackupCodes'] as const) {
    await page.setContent(renderSitePage(name));
    await c.check(`site page ${name}`);
  }
  c.report('site');
});
