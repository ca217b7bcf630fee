import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { admin, refusedThenReloaded } from './support/stale-save.ts';

/**
 * Issue 30 "Lost updates": two admins (two browsers) edit the same member, member group and cabinet. The
 * second save is refused with the message, keeps everything typed, 「最新の内容を読み込む」 shows what the
 * other admin changed, and the save on the new version keeps both changes. Save stays disabled until
 * something changed.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

async function openMember(page: Page) {
  await page.getByRole('textbox', { name: 'キーワード' }).fill(DEMO.member);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await page.getByTestId('member-row').first().click();
  const drawer = page.getByRole('dialog', { name: 'メンバーの詳細' });
  await drawer.getByRole('button', { name: '編集' }).click();
  return page.getByRole('dialog', { name: 'メンバーを編集' });
}

test('two admins save the same member: the second is told, keeps his 氏名, and 所属 is not put back', async ({
  browser,
}) => {
  const first = await admin(browser, '/company/members');
  const second = await admin(browser, '/company/members');
  const stamp = Date.now().toString(36);
  const organization = `開発部${stamp}`;
  const name = `一般 花子${stamp}`;

  const a = await openMember(first.page);
  const b = await openMember(second.page);
  const save = (form: Locator) => form.getByRole('button', { name: '保存する' });
  await expect(save(a)).toBeDisabled();
  await expect(save(b)).toBeDisabled();

  await a.getByLabel('所属').fill(organization);
  await save(a).click();
  await expect(a).toBeHidden();

  // The second admin still has the version he opened: he changes 氏名 and saves.
  await b.getByLabel('氏名').fill(name);
  await save(b).click();
  await refusedThenReloaded(b, new RegExp(`所属: .* → ${organization}`));
  // What he typed is still there, and the other admin's 所属 now shows in the form.
  await expect(b.getByLabel('氏名')).toHaveValue(name);
  await expect(b.getByLabel('所属')).toHaveValue(organization);
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-member.png') });
  await save(b).click();
  await expect(b).toBeHidden();
  const drawer = second.page.getByRole('dialog', { name: 'メンバーの詳細' });
  await expect(drawer.getByText(name).first()).toBeVisible();
  await expect(drawer.getByText(organization).first()).toBeVisible();
  await first.close();
  await second.close();
});

test('two admins save the same member group: the second is told and loses nothing he typed', async ({
  browser,
}) => {
  const group = `版グループ${Date.now().toString(36)}`;
  const first = await admin(browser, '/member_groups');
  await first.page.getByRole('button', { name: 'グループを作成' }).click();
  const create = first.page.getByRole('dialog', { name: 'グループを作成' });
  await create.getByLabel('グループ名').fill(group);
  await create.getByRole('button', { name: '作成する' }).click();
  await expect(first.page.getByRole('heading', { name: group })).toBeVisible();

  const second = await admin(browser, '/member_groups');
  await second.page.getByRole('link', { name: group }).click();
  await expect(second.page.getByRole('heading', { name: group })).toBeVisible();

  const edit = async (page: Page) => {
    await page.getByRole('button', { name: '名前・備考を編集' }).click();
    return page.getByRole('dialog', { name: 'グループを編集' });
  };
  const a = await edit(first.page);
  const b = await edit(second.page);
  const save = (form: Locator) => form.getByRole('button', { name: '保存する' });
  await expect(save(b)).toBeDisabled();

  await a.getByLabel('備考').fill('経理の承認者');
  await save(a).click();
  await expect(a).toBeHidden();

  await b.getByLabel('グループ名').fill(`${group}改`);
  await save(b).click();
  await refusedThenReloaded(b, /備考: （なし） → 経理の承認者/);
  await expect(b.getByLabel('グループ名')).toHaveValue(`${group}改`);
  await expect(b.getByLabel('備考')).toHaveValue('経理の承認者');
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-group.png') });
  await save(b).click();
  await expect(second.page.getByRole('heading', { name: `${group}改` })).toBeVisible();
  await expect(second.page.getByText('経理の承認者')).toBeVisible();
  await first.close();
  await second.close();
});

test('two admins save the same cabinet: the second is told and loses nothing he typed', async ({
  browser,
}) => {
  const cabinet = `版キャビネット${Date.now().toString(36)}`;
  const first = await admin(browser, '/cabinets');
  await first.page.getByRole('button', { name: 'キャビネットを作成' }).click();
  const create = first.page.getByRole('dialog', { name: 'キャビネットを作成' });
  await create.getByLabel('キャビネット名').fill(cabinet);
  await create.getByRole('button', { name: '作成する' }).click();
  await expect(first.page.getByText(`キャビネット「${cabinet}」を作成しました。`)).toBeVisible();
  const second = await admin(browser, '/cabinets');

  const settings = async (page: Page) => {
    await page.getByRole('link', { name: cabinet }).click();
    await page.getByRole('tab', { name: '閲覧・管理の設定' }).click();
    return page.locator('form').filter({ has: page.getByRole('heading', { name: '名前と備考' }) });
  };
  const a = await settings(first.page);
  const b = await settings(second.page);
  const save = (form: Locator) => form.getByRole('button', { name: '保存', exact: true });
  await expect(save(a)).toBeDisabled();
  await expect(save(b)).toBeDisabled();

  await a.getByLabel('備考').fill('2026年度の契約');
  await save(a).click();
  await expect(first.page.getByText('キャビネット名と備考を保存しました。')).toBeVisible();

  await b.getByLabel('キャビネット名').fill(`${cabinet}改`);
  await save(b).click();
  await refusedThenReloaded(b, /備考: （なし） → 2026年度の契約/);
  await expect(b.getByLabel('キャビネット名')).toHaveValue(`${cabinet}改`);
  await expect(b.getByLabel('備考')).toHaveValue('2026年度の契約');
  await second.page.screenshot({ path: path.join(artifacts, 'stale-edit-cabinet.png') });
  await save(b).click();
  await expect(second.page.getByText('キャビネット名と備考を保存しました。')).toBeVisible();
  await expect(second.page.getByRole('heading', { name: `${cabinet}改` })).toBeVisible();
  await first.close();
  await second.close();
});
