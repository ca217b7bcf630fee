/**
 * The brake on mass deactivation, by clicks: an admin lowers 「1時間に利用停止できる人数の上限」 on 退職者の引き継ぎ,
 * the company's IdP deactivates several members through SCIM, and the ones past the limit wait in
 * 「保留中の利用停止」 (who, when, which token) until the admin applies one and cancels the others.
 * Retry-safe: unique addresses, the test's own token revoked at the end, leftovers of a previous try accepted.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiGet, submitLogin } from './support/auth.ts';
import { apiSend } from './support/api-write.ts';
import { API_URL } from './playwright.config.ts';

const TOKEN_PREFIX = 'E2E 退職者テスト';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function scim(secret: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${API_URL}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { id: string } };
}

/** A token of the test's own; tokens left by an earlier try are revoked first (five at most). */
async function freshToken(page: Page) {
  const list = await apiGet<{ tokens: { id: string; name: string; revokedAt: string | null }[] }>(
    page,
    API_URL,
    '/provisioning/tokens',
  );
  for (const t of list.tokens.filter((t) => t.name.startsWith(TOKEN_PREFIX) && !t.revokedAt))
    await apiSend(page, API_URL, 'POST', `/provisioning/tokens/${t.id}/revoke`, {});
  const created = await apiSend<{ token: { id: string; name: string }; secret: string }>(
    page,
    API_URL,
    'POST',
    '/provisioning/tokens',
    { name: `${TOKEN_PREFIX} ${randomBytes(2).toString('hex')}` },
  );
  expect(created.status).toBe(201);
  return created.body;
}

test('an admin sees the deactivations the brake holds and applies or cancels them', async ({
  page,
}) => {
  test.setTimeout(400_000);
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  // The login of support/auth.ts, with room for a machine busy with other runs.
  await page.goto('/login?return_to=%2F');
  await submitLogin(page, DEMO.admin);
  await expect(page.locator('[data-layout]').first()).toBeVisible({ timeout: 90_000 });
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await nav.getByRole('link', { name: '退職者の引き継ぎ' }).click();
  await expect(page.getByRole('heading', { name: '退職者の引き継ぎ', level: 1 })).toBeVisible();

  // The limit: 1 an hour, so the IdP's second deactivation already waits.
  const settings = page.getByRole('region', { name: '移管先と利用停止の上限' });
  const useDefault = settings.getByRole('checkbox', { name: /を既定値にする/ });
  if (await useDefault.isChecked()) await useDefault.click();
  await settings.getByRole('textbox', { name: /1時間に利用停止できる人数の上限（名）/ }).fill('1');
  await settings.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('退職者の引き継ぎの設定を保存しました。')).toBeVisible();
  await expect(settings.getByText('現在の上限: 1名／1時間')).toBeVisible();

  // The IdP creates four members and deactivates them.
  const { token, secret } = await freshToken(page);
  const tag = randomBytes(3).toString('hex');
  const emails = [0, 1, 2, 3].map((i) => `leaver-${tag}-${i}@example.com`);
  for (const [i, email] of emails.entries()) {
    const created = await scim(secret, 'POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { familyName: '退職', givenName: `${tag}${i}` },
      active: true,
    });
    expect(created.status).toBe(201);
    const off = await scim(secret, 'PATCH', `/Users/${created.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
  }

  // The admin comes back to the page: at least the last three wait (the first may have been applied).
  await nav.getByRole('link', { name: 'キャビネット' }).click();
  await nav.getByRole('link', { name: '退職者の引き継ぎ' }).click();
  const queue = page.getByRole('region', { name: '保留中の利用停止' });
  const table = queue.getByRole('table', { name: '保留中の利用停止' });
  const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
  for (const email of emails.slice(1)) {
    await expect(rowOf(email)).toBeVisible();
    await expect(rowOf(email)).toContainText(token.name);
  }
  await expect(queue.getByText(/名の利用停止を保留しています/)).toBeVisible();
  await page.screenshot({ path: 'e2e/.artifacts/provisioning-brake.png' });

  // 適用する one row.
  await rowOf(emails[1]!).getByRole('button', { name: '適用する' }).click();
  const applyDialog = page.getByRole('dialog', { name: '利用停止を適用' });
  await expect(applyDialog).toContainText(emails[1]!);
  await applyDialog.getByRole('button', { name: '適用する' }).click();
  await expect(page.getByText('1名の利用停止を適用しました。')).toBeVisible();
  await expect(rowOf(emails[1]!)).toHaveCount(0);

  // 取り消す one row.
  await rowOf(emails[2]!).getByRole('button', { name: '取り消す' }).click();
  const cancelDialog = page.getByRole('dialog', { name: '利用停止を取り消し' });
  await cancelDialog.getByRole('button', { name: '取り消す' }).click();
  await expect(page.getByText('1名の利用停止を取り消しました。')).toBeVisible();
  await expect(rowOf(emails[2]!)).toHaveCount(0);
  await expect(rowOf(emails[3]!)).toBeVisible();

  // すべて取り消す: nothing waits any more.
  await queue.getByRole('button', { name: 'すべて取り消す' }).click();
  await page
    .getByRole('dialog', { name: '利用停止を取り消し' })
    .getByRole('button', { name: '取り消す' })
    .click();
  await expect(queue.getByText('保留中の利用停止はありません。')).toBeVisible();

  // The applied member is 利用停止, the cancelled ones are not.
  const status = async (email: string) =>
    (
      await apiGet<{ members: { email: string; status: number }[] }>(
        page,
        API_URL,
        `/members?keyword=${encodeURIComponent(email)}`,
      )
    ).members.find((m) => m.email === email)?.status;
  expect(await status(emails[1]!)).toBe(3);
  expect(await status(emails[2]!)).not.toBe(3);
  expect(await status(emails[3]!)).not.toBe(3);

  // Back to the default limit, and the test's token revoked.
  await settings.getByRole('checkbox', { name: /を既定値にする/ }).click();
  await settings.getByRole('button', { name: '保存する' }).click();
  await expect(settings.getByText(/現在の上限: 50名／1時間/)).toBeVisible();
  await apiSend(page, API_URL, 'POST', `/provisioning/tokens/${token.id}/revoke`, {});
});
