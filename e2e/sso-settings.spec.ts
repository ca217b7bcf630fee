/**
 * SSO設定 by clicks: the SP information to give the IdP, a pasted metadata refused in Japanese, a valid one
 * (made here with a fresh self-signed certificate) read back, the Okta preset saved, and 接続テスト taking the
 * admin out through the "IdP" and back to the page at `/sso?test=done`. SSO stays off, so the other specs'
 * password sign-ins are untouched.
 */
import { expect, test } from '@playwright/test';
import { SITE_URL } from './playwright.config.ts';
import { audit, describe, isBlocking } from './support/a11y.ts';
import { DEMO, submitLogin } from './support/auth.ts';
import { makeCertificate } from './support/certificate.ts';

const idpMetadata = (entityId: string, ssoUrl: string, certB64: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certB64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
</md:IDPSSODescriptor></md:EntityDescriptor>`;

test('an admin reads the SP information, registers the IdP metadata, maps attributes and runs the connection test', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login?return_to=%2Fcabinets');
  await submitLogin(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'SSO設定' })
    .click();
  await expect(page).toHaveTitle('SSO設定 | クラウドサイン');
  const sp = page.getByRole('region', { name: 'IdP に登録する情報（SP）' });
  await expect(sp).toContainText(`${SITE_URL}/sso/`);
  await expect(sp).toContainText('/acs');
  await expect(sp.getByRole('button', { name: 'SP メタデータをダウンロード' })).toBeVisible();
  await expect(
    page.getByText('企業設定の2要素認証は適用されません', { exact: false }).first(),
  ).toBeVisible();

  // Not XML: the server's Japanese reason under the field, nothing registered.
  const metadata = page.getByRole('region', { name: 'IdP のメタデータ' });
  await metadata.getByLabel('メタデータ XML').fill('これはXMLではありません');
  await metadata.getByRole('button', { name: '貼り付けたメタデータを登録' }).click();
  await expect(metadata).toContainText(
    'XML として読み取れません。IdP からダウンロードしたメタデータ XML を指定してください。',
  );
  await expect(page.getByRole('region', { name: '属性マッピング' })).toHaveCount(0);

  // Valid metadata: what was read is shown. Its SSO URL is the console's return address, so the connection
  // test's round trip comes straight back without a real IdP.
  const entityId = `https://idp.e2e.test/${Date.now()}`;
  const ssoUrl = `${SITE_URL}/sso?test=done`;
  await metadata
    .getByLabel('メタデータ XML')
    .fill(idpMetadata(entityId, ssoUrl, makeCertificate('e2e-idp.example.test')));
  await metadata.getByRole('button', { name: '貼り付けたメタデータを登録' }).click();
  await expect(page.getByText('IdP のメタデータを登録しました。')).toBeVisible();
  const read = metadata.getByRole('table', { name: '読み取った IdP の情報' });
  await expect(read).toContainText(entityId);
  await expect(read).toContainText(ssoUrl);
  await expect(read).toContainText('CN=e2e-idp.example.test');
  await expect(read).toContainText('有効期限');
  await page.screenshot({ path: 'e2e/.artifacts/sso-settings.png' });
  await page.screenshot({ path: 'e2e/.artifacts/sso-settings-full.png', fullPage: true });
  const blocking = (await audit(page, 'SSO設定')).filter(isBlocking);
  expect(blocking.map(describe)).toEqual([]);

  // Mapping: the Okta preset fills the attribute names, saved as they are.
  const mapping = page.getByRole('region', { name: '属性マッピング' });
  await expect(mapping.getByRole('textbox', { name: 'メールアドレス' })).toHaveValue(
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  );
  await mapping.getByRole('button', { name: 'Okta' }).click();
  await expect(mapping.getByRole('textbox', { name: 'メールアドレス' })).toHaveValue('email');
  await mapping.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('属性マッピングと例外の管理者を保存しました。')).toBeVisible();
  await expect(mapping.getByRole('button', { name: '保存' })).toBeDisabled();

  // Enabling waits for a successful test.
  const enable = page.getByRole('region', { name: 'SSO の有効化' });
  await expect(enable.getByRole('button', { name: 'SSO を有効にする' })).toBeDisabled();

  // 接続テスト: out through the site to the "IdP" and back to /sso, which lands on this page.
  await page
    .getByRole('region', { name: '接続テスト' })
    .getByRole('link', { name: '接続テスト' })
    .click();
  await expect(page).toHaveURL(/\/company\/sso\?test=done/);
  await expect(page).toHaveTitle('SSO設定 | クラウドサイン');
  // Just back from the IdP, the outcome is the first thing on the page.
  await expect(
    page.getByText('接続テストの結果を受け取れませんでした。もう一度お試しください。'),
  ).toBeInViewport();
  await page.screenshot({ path: 'e2e/.artifacts/sso-settings-test-return.png' });
  await expect(
    page
      .getByRole('region', { name: '属性マッピング' })
      .getByRole('textbox', { name: 'メールアドレス' }),
  ).toHaveValue('email');
});
