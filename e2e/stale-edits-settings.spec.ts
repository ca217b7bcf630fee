import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SITE_URL } from './playwright.config.ts';
import { makeCertificate } from './support/certificate.ts';
import { admin, refusedThenReloaded } from './support/stale-save.ts';

/**
 * Issue 30 "Lost updates", for the company-wide settings: two admins (two browsers) edit SSO設定 and 企業設定.
 * The second save is refused with the message and keeps what was typed; 「最新の内容を読み込む」 shows what the
 * other admin changed and puts it into the fields he did not touch; his next save keeps both changes. SSO
 * stays off and 企業設定 is put back at the end (the demo data is shared by the other specs).
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

const idpMetadata = (entityId: string, certB64: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certB64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${SITE_URL}/sso?test=done"/>
</md:IDPSSODescriptor></md:EntityDescriptor>`;

test('two admins save the SSO attribute mapping: the second is told and loses nothing he typed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const first = await admin(browser, '/company/sso');
  // The first admin registers an IdP (whatever another spec left), so the mapping form is there.
  const metadata = first.page.getByRole('region', { name: 'IdP のメタデータ' });
  await metadata
    .getByRole('textbox')
    .fill(
      idpMetadata(`https://idp.stale.test/${stamp}`, makeCertificate('stale-idp.example.test')),
    );
  await metadata.getByRole('button', { name: '貼り付けたメタデータを登録' }).click();
  await expect(first.page.getByText('IdP のメタデータを登録しました。')).toBeVisible();

  const second = await admin(browser, '/company/sso');
  const a = first.page.getByRole('region', { name: '属性マッピング' });
  const b = second.page.getByRole('region', { name: '属性マッピング' });
  const name = (form: Locator) => form.getByRole('textbox', { name: '氏名' });
  const organization = (form: Locator) => form.getByRole('textbox', { name: '所属' });
  const save = (form: Locator) => form.getByRole('button', { name: '保存', exact: true });
  await expect(save(b)).toBeDisabled();

  // The second admin starts typing; meanwhile the first changes 所属 and saves.
  await name(b).fill(`cn-${stamp}`);
  await organization(a).fill(`division-${stamp}`);
  await save(a).click();
  await expect(first.page.getByText('属性マッピングと例外の管理者を保存しました。')).toBeVisible();

  await save(b).click();
  await refusedThenReloaded(b, new RegExp(`所属の属性: .* → division-${stamp}`));
  await expect(name(b)).toHaveValue(`cn-${stamp}`);
  await expect(organization(b)).toHaveValue(`division-${stamp}`);
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-sso.png') });
  await save(b).click();
  await expect(second.page.getByText('属性マッピングと例外の管理者を保存しました。')).toBeVisible();

  // Both changes are stored: the first admin reads them after a reload.
  await first.page.reload();
  await expect(name(a)).toHaveValue(`cn-${stamp}`);
  await expect(organization(a)).toHaveValue(`division-${stamp}`);
  await first.close();
  await second.close();
});

async function openSettings(page: Page) {
  await expect(page).toHaveTitle('企業設定 | クラウドサイン');
  const years = page.getByRole('textbox', { name: '監査ログの保存期間（年）' });
  await expect(years).not.toHaveValue('');
  return years;
}
async function confirm(page: Page, expected: string) {
  await page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '設定の変更内容の確認' });
  await expect(dialog.getByRole('list', { name: '変更する項目' })).toContainText(expected);
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('企業設定を変更しました。')).toBeVisible();
}

test('two admins save 企業設定: the second is told, keeps the period he typed, and the theme is not put back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await admin(browser, '/company/settings');
  const second = await admin(browser, '/company/settings');
  const yearsA = await openSettings(first.page);
  const yearsB = await openSettings(second.page);
  // The field shows the period with its unit (「5年」); digits are what a person types.
  const original = String(parseInt(await yearsB.inputValue(), 10));
  const typed = String(Number(original) + 2);

  // The second admin types a longer period; meanwhile the first switches the theme and saves.
  await yearsB.fill(typed);
  await first.page.getByRole('radio', { name: 'SMBCクラウドサイン' }).check();
  await confirm(first.page, 'テーマ: SMBCクラウドサイン');
  await expect(yearsA).toHaveValue(`${original}年`);

  await second.page.getByRole('button', { name: '変更内容を確認', exact: true }).click();
  await expect(second.page.getByRole('dialog', { name: '設定の変更内容の確認' })).toHaveCount(0);
  const form = second.page.getByRole('main');
  await refusedThenReloaded(form, /テーマ: クラウドサイン → SMBCクラウドサイン/);
  await expect(yearsB).toHaveValue(`${typed}年`);
  await expect(second.page.getByRole('radio', { name: 'SMBCクラウドサイン' })).toBeChecked();
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-company-settings.png') });
  await confirm(second.page, `監査ログの保存期間（年）: ${typed}年`);

  // Both changes are stored; then everything is put back for the other specs.
  await first.page.reload();
  await expect(yearsA).toHaveValue(`${typed}年`);
  await expect(first.page.getByRole('radio', { name: 'SMBCクラウドサイン' })).toBeChecked();
  await yearsA.fill(original);
  await first.page.getByRole('radio', { name: 'クラウドサイン', exact: true }).check();
  await confirm(first.page, 'テーマ: クラウドサイン');
  await first.close();
  await second.close();
});
