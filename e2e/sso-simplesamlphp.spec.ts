/**
 * SSO against a real identity provider (SimpleSAMLphp, e2e/support/simplesamlphp.ts), by clicks: the admin
 * copies the SP values into the IdP, registers the IdP's own metadata, maps its attributes, runs 接続テスト
 * through the IdP's login form and enables SSO; members then sign in by email through the IdP (also from the
 * company's own URL), an unknown address of the company's domain is created by JIT, the break-glass admin
 * still signs in with a password, a member stopped before he ever signed in is 有効 again on 利用再開 and signs
 * in through the IdP, and an address outside the domains is refused with a Japanese page.
 * The last test turns SSO off again (and afterAll makes sure of it) so other specs keep password sign-in.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_URL, DNS_PORT, SITE_URL } from './playwright.config.ts';
import { DEMO, login, submitEmail, submitLogin } from './support/auth.ts';
import { startSimpleSamlIdp, type IdpUser, type SimpleSamlIdp } from './support/simplesamlphp.ts';
import { startLocalDns, type LocalDns } from '../apps/server/test/support/local-dns.ts';

const ADMIN_LABEL = '管理 太郎（admin@example.com）';
const JIT_EMAIL = `shinnyu.${Date.now()}@example.com`;
/** Added by the admin (招待中), never signs in before 利用停止, then 利用再開 under SSO. */
const RESTORED_EMAIL = `fukki.${Date.now()}@example.com`;
const USERS: IdpUser[] = [
  {
    username: 'kanri',
    password: 'idp-kanri-pass',
    attributes: { mail: [DEMO.admin], cn: ['管理 太郎'], ou: ['情報システム部'] },
  },
  {
    username: 'hanako',
    password: 'idp-hanako-pass',
    attributes: { mail: [DEMO.member], cn: ['一般 花子'], ou: ['営業部'] },
  },
  {
    username: 'shinnyu',
    password: 'idp-shinnyu-pass',
    attributes: { mail: [JIT_EMAIL], cn: ['新入 三郎'], ou: ['営業本部 第二営業課'] },
  },
  {
    username: 'fukki',
    password: 'idp-fukki-pass',
    attributes: { mail: [RESTORED_EMAIL], cn: ['復帰 五郎'], ou: ['法務部'] },
  },
  {
    username: 'gaibu',
    password: 'idp-gaibu-pass',
    attributes: { mail: ['guest@partner.example.net'], cn: ['外部 四郎'], ou: ['協力会社'] },
  },
];

let idp: SimpleSamlIdp | undefined;
/** The company's DNS, as its admin would edit it: where the TXT record proving example.com is published. */
let dns: LocalDns | undefined;
let companyLoginUrl = '';

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }) => {
  await idp?.stop();
  await dns?.stop();
  await turnSsoOffThroughApi(browser);
});

/** Whatever failed above, the demo company goes back to password sign-in for the specs that follow. */
async function turnSsoOffThroughApi(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, DEMO.admin);
  await page.evaluate(async (apiUrl) => {
    const tokenRes = await fetch('/api/token/jwt', {
      credentials: 'include',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { jwt } = (await tokenRes.json()) as { jwt: string };
    await fetch(`${apiUrl}/sso_settings/enabled`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
  }, API_URL);
  await context.close();
}

/** The IdP's own login form (SimpleSAMLphp's exampleauth:UserPass), then its POST back to our ACS. */
async function signInAtIdp(page: Page, user: IdpUser) {
  await expect(page).toHaveURL(new RegExp(`^${idp!.baseUrl}/`));
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /login/i }).click();
}

const idpUser = (name: string) => USERS.find((u) => u.username === name)!;

async function openSsoSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'SSO設定' })
    .click();
  await expect(page).toHaveTitle('SSO設定 | クラウドサイン');
}

test('the admin connects SimpleSAMLphp, tests the round trip and enables SSO', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await submitLogin(page, DEMO.admin);
  await openSsoSettings(page);

  // The SP values the admin copies into the IdP; the metadata file carries the same.
  const sp = page.getByRole('region', { name: 'IdP に登録する情報（SP）' });
  const spText = (await sp.textContent()) ?? '';
  const entityId = spText.match(new RegExp(`${SITE_URL}/sso/[0-9a-f-]{36}`))![0];
  const acsUrl = `${entityId}/acs`;
  companyLoginUrl = `${entityId}/login`;
  await expect(sp).toContainText(acsUrl);
  await expect(sp).toContainText(companyLoginUrl);
  const download = page.waitForEvent('download');
  await sp.getByRole('button', { name: 'SP メタデータをダウンロード' }).click();
  const spMetadata = readFileSync(await (await download).path(), 'utf8');
  expect(spMetadata).toContain(`entityID="${entityId}"`);
  expect(spMetadata).toContain(`Location="${acsUrl}"`);

  idp = await startSimpleSamlIdp({ sp: { entityId, acsUrl }, users: USERS });

  // The IdP's own metadata, pasted; what was read is shown.
  const metadata = page.getByRole('region', { name: 'IdP のメタデータ' });
  await metadata.getByLabel('メタデータ XML').fill(await idp.metadataXml());
  await metadata.getByRole('button', { name: '貼り付けたメタデータを登録' }).click();
  await expect(page.getByText('IdP のメタデータを登録しました。')).toBeVisible();
  const read = metadata.getByRole('table', { name: '読み取った IdP の情報' });
  await expect(read).toContainText(idp.entityId);
  await expect(read).toContainText(`${idp.baseUrl}/saml2/idp/SSOService.php`);
  await expect(read).toContainText('CN=simplesamlphp-e2e-idp');

  // SimpleSAMLphp sends LDAP-style names, neither preset's: typed by hand. JIT into 東京支社.
  const mapping = page.getByRole('region', { name: '属性マッピング' });
  await mapping.getByRole('textbox', { name: 'メールアドレス' }).fill('mail');
  await mapping.getByRole('textbox', { name: '氏名' }).fill('cn');
  await mapping.getByRole('textbox', { name: '所属' }).fill('ou');
  const jit = mapping.getByRole('switch', { name: 'JITプロビジョニング' });
  if (!(await jit.isChecked())) await jit.click({ force: true });
  await mapping.getByLabel('作成したメンバーを入れるグループ').click();
  await page.getByRole('option', { name: '東京支社', exact: true }).click();
  await mapping.getByLabel('パスワードでもログインできる管理者（例外）').click();
  // Named as in every member picker: 所属 and 状態 tell two admins of the same name apart.
  const exception = page.getByRole('option', {
    name: `${ADMIN_LABEL}・情報システム部 インフラ課・有効`,
    exact: true,
  });
  if ((await exception.getAttribute('aria-selected')) !== 'true') await exception.click();
  await mapping.getByRole('textbox', { name: 'メールアドレス' }).click();
  await mapping.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('属性マッピングと例外の管理者を保存しました。')).toBeVisible();

  // example.com, proven by the TXT record the page shows, published in the company's DNS; then 確認する.
  const domains = page.getByRole('region', { name: 'ドメイン' });
  await domains.getByRole('textbox', { name: 'ドメインを追加' }).fill('example.com');
  await domains.getByRole('button', { name: '追加', exact: true }).click();
  const claim = domains.getByRole('article', { name: 'example.com' });
  await expect(claim).toContainText('未確認');
  const record = claim.getByRole('table', { name: 'example.com に登録する TXT レコード' });
  await expect(record).toContainText('_cloudsign.example.com');
  const value = /cloudsign-domain-verification=[0-9a-f]{32}/.exec(await record.innerText())![0];
  dns = await startLocalDns({ port: DNS_PORT });
  await dns.setTxt({ '_cloudsign.example.com': [value] });
  await claim.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByText('example.com を確認しました。')).toBeVisible();
  await expect(claim).toContainText('確認済み');

  // 接続テスト: out to SimpleSAMLphp's login form and back with what it sent.
  await page
    .getByRole('region', { name: '接続テスト' })
    .getByRole('link', { name: '接続テスト' })
    .click();
  await signInAtIdp(page, idpUser('kanri'));
  await expect(page).toHaveURL(/\/company\/sso\?test=done/);
  const result = page.getByRole('region', { name: '接続テストの結果' }).first();
  await expect(result).toContainText('接続テストに成功しました');
  await expect(result).toContainText(`一致したメンバー: ${ADMIN_LABEL}`);
  const attributes = result.getByRole('table', { name: '受け取った属性' });
  await expect(attributes.getByRole('row', { name: `mail ${DEMO.admin}` })).toBeVisible();
  await expect(attributes.getByRole('row', { name: 'cn 管理 太郎' })).toBeVisible();
  await expect(attributes.getByRole('row', { name: 'ou 情報システム部' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/sso-idp-test-result.png', fullPage: true });

  // Enabling shows the impact first.
  const enable = page.getByRole('region', { name: 'SSO の有効化' });
  await enable.getByRole('button', { name: 'SSO を有効にする' }).click();
  const dialog = page.getByRole('dialog', { name: 'SSO を有効にしますか？' });
  await expect(dialog).toContainText(
    /[0-9,]+名のメンバーが IdP でログインするようになり、パスワードでのログインは停止します。/,
  );
  await expect(dialog).toContainText('パスワードでもログインできる管理者（例外）: 1名');
  await expect(dialog).toContainText(ADMIN_LABEL);
  await expect(dialog).toContainText('企業設定の2要素認証は適用されません');
  await dialog.getByRole('button', { name: '有効にする' }).click();
  await expect(page.getByText('SSO を有効にしました。')).toBeVisible();
  await expect(enable).toContainText('有効');
});

test('a member types their email, 「次へ」, and signs in through the IdP, back to return_to', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login?return_to=%2Fcabinets');
  // No password step: this member's company signs in through its IdP.
  await submitEmail(page, DEMO.member);
  await signInAtIdp(page, idpUser('hanako'));
  await expect(page).toHaveURL(`${SITE_URL}/cabinets`);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
});

test('「SSOでログイン」 from the company’s own URL goes through the IdP to the console', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The URL the admin hands to members (shown under SSO設定), bookmarked.
  await page.goto(`${companyLoginUrl}?return_to=%2Fdocuments`);
  await signInAtIdp(page, idpUser('hanako'));
  await expect(page).toHaveURL(`${SITE_URL}/documents`);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
});

test('JIT creates an unknown address of the company’s domain with the mapped name, department and group', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await submitEmail(page, JIT_EMAIL);
  await signInAtIdp(page, idpUser('shinnyu'));
  await expect(page).toHaveURL(`${SITE_URL}/`);
  await expect(page.locator('[data-layout]').first()).toBeVisible();

  // The exception admin still signs in with the password, and finds the new member.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await submitLogin(admin, DEMO.admin);
  await expect(admin.locator('[data-layout]').first()).toBeVisible();
  await admin
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'メンバー', exact: true })
    .click();
  await admin.getByRole('textbox', { name: 'キーワード' }).fill(JIT_EMAIL);
  await admin.getByRole('button', { name: '検索' }).click();
  const rows = admin.getByTestId('member-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('新入 三郎');
  await rows.first().click();
  const drawer = admin.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer).toContainText('営業本部 第二営業課');
  // The default group chosen on SSO設定, after the group every member is in.
  await expect(drawer).toContainText('すべてのメンバー、東京支社');
  await admin.screenshot({ path: 'e2e/.artifacts/sso-idp-jit-member.png' });
  await adminContext.close();
});

test('利用再開 of a member who never signed in makes him 有効; he signs in through the IdP', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The exception admin adds him (招待中, a setup mail), stops him before he ever signs in, and resumes him.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await submitLogin(admin, DEMO.admin);
  await admin
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'メンバー', exact: true })
    .click();
  await admin.getByRole('button', { name: 'メンバーを追加' }).click();
  const create = admin.getByRole('dialog', { name: 'メンバーを追加' });
  await create.getByLabel('メールアドレス').fill(RESTORED_EMAIL);
  await create.getByLabel('氏名').fill('復帰 五郎');
  await create.getByRole('button', { name: '追加する' }).click();
  await expect(create).toBeHidden();
  const drawer = admin.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByText('招待中', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: '利用停止' }).click();
  await admin
    .getByRole('dialog', { name: 'メンバーを利用停止' })
    .getByRole('button', { name: '利用停止する' })
    .click();
  await expect(drawer.getByText('利用停止', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: '利用再開' }).click();
  await admin
    .getByRole('dialog', { name: 'メンバーの利用再開' })
    .getByRole('button', { name: '利用再開する' })
    .click();
  // Not 招待中 again: the company signs him in through its IdP, which refuses 招待中.
  await expect(drawer.getByText('有効', { exact: true })).toBeVisible();
  await admin.screenshot({ path: 'e2e/.artifacts/sso-restored-member.png' });
  await adminContext.close();

  await page.goto('/login');
  await submitEmail(page, RESTORED_EMAIL);
  await signInAtIdp(page, idpUser('fukki'));
  await expect(page).toHaveURL(`${SITE_URL}/`);
  await expect(page.locator('[data-layout]').first()).toBeVisible();
});

test('an address outside the company’s domains is refused with a Japanese page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(companyLoginUrl);
  await signInAtIdp(page, idpUser('gaibu'));
  await expect(page.getByText('シングルサインオンでログインできませんでした')).toBeVisible();
  await expect(
    page.getByText('このメールアドレスのメンバーはクラウドサインに登録されていません。', {
      exact: false,
    }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/sso-idp-refused.png' });
});

test('the admin turns SSO off again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await submitLogin(page, DEMO.admin);
  await openSsoSettings(page);
  const enable = page.getByRole('region', { name: 'SSO の有効化' });
  await enable.getByRole('button', { name: 'SSO を無効にする' }).click();
  await page
    .getByRole('dialog', { name: 'SSO を無効にしますか？' })
    .getByRole('button', { name: '無効にする' })
    .click();
  await expect(page.getByText('SSO を無効にしました。')).toBeVisible();
});
