import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './playwright.config.ts';
import { DEMO, apiGet, login } from './support/auth.ts';

/**
 * 「この条件の N 件すべてを選択」 in a cabinet's document list: after the whole page is selected, every match
 * of the condition is copied into a new cabinet and moved back, by clicks; the counts follow. The demo data
 * is left as it was (the move back only unlinks: the source still holds every document).
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });

type Cabinets = { cabinets: { id: string; name: string; type: number; documentCount: number }[] };
type Docs = { total: number; isTotalExact: boolean };
const n = (v: number) => v.toLocaleString('ja-JP');

async function openCabinet(page: Page, name: string) {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'キャビネット', exact: true })
    .click();
  await page
    .getByTestId('cabinet-row')
    .filter({ hasText: name })
    .getByRole('link', { name })
    .click();
  await expect(page).toHaveTitle(`${name} | クラウドサイン`);
  await expect(page.getByTestId('document-row').first()).toBeVisible();
}

/** Selects the page, then every match; returns the total the list shows. */
async function selectAllMatching(page: Page, total: number) {
  await page.getByRole('checkbox', { name: 'このページの書類をすべて選択' }).check();
  const bar = page.getByTestId('select-all-bar');
  await expect(bar).toContainText('このページの50件を選択中');
  await bar.getByRole('button', { name: `この条件の${n(total)}件すべてを選択` }).click();
  await expect(bar).toContainText(`この条件の${n(total)}件すべてを選択中`);
  await expect(page.getByTestId('selected-count')).toHaveText(`${n(total)}件を選択中`);
}

test('select every document of the condition, copy them into a cabinet and move them back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = `E2E 全件 ${Date.now().toString(36)}`;
  await login(page, DEMO.admin, '/cabinets');
  await page.getByRole('button', { name: 'キャビネットを作成' }).click();
  const create = page.getByRole('dialog', { name: 'キャビネットを作成' });
  await create.getByLabel('キャビネット名').fill(name);
  await create.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByText(`キャビネット「${name}」を作成しました。`)).toBeVisible();

  // The largest user cabinet but the one cabinets.spec.ts moves documents out of.
  const { cabinets } = await apiGet<Cabinets>(page, API_URL, '/cabinets');
  const source = cabinets
    .filter((c) => c.type === 0 && c.name !== '購買・業務委託' && !c.name.startsWith('E2E'))
    .sort((a, b) => b.documentCount - a.documentCount)[0]!;
  const list = await apiGet<Docs>(page, API_URL, `/documents?cabinetId=${source.id}&perPage=50`);
  expect(list.isTotalExact).toBe(true);
  expect(list.total).toBeGreaterThan(50);
  const total = list.total;

  await openCabinet(page, source.name);
  await selectAllMatching(page, total);
  await page.screenshot({ path: path.join(artifacts, 'cabinet-select-all.png') });
  await page.getByRole('button', { name: '別のキャビネットへコピー' }).click();
  const copy = page.getByRole('dialog', { name: '別のキャビネットへコピー' });
  await expect(copy).toContainText(`この条件に一致する${n(total)}件の書類を`);
  await copy.getByLabel('コピー先のキャビネット').click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.screenshot({ path: path.join(artifacts, 'cabinet-select-all-confirm.png') });
  await copy.getByRole('button', { name: `${n(total)}件をコピーする` }).click();
  await expect(page.getByText(`${n(total)}件の書類を「${name}」へコピーしました。`)).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveText('0件を選択中');

  // Back from the new cabinet: a move by condition.
  await openCabinet(page, name);
  await expect(page.getByTestId('documents-total')).toHaveText(`${n(total)}件`);
  await selectAllMatching(page, total);
  await page.getByRole('button', { name: '別のキャビネットへ移動' }).click();
  const move = page.getByRole('dialog', { name: '別のキャビネットへ移動' });
  await expect(move).toContainText(
    `この条件に一致する${n(total)}件の書類を「${name}」から移動します。`,
  );
  await move.getByLabel('移動先のキャビネット').click();
  await page.getByRole('option', { name: source.name, exact: true }).click();
  await move.getByRole('button', { name: `${n(total)}件を移動する` }).click();
  await expect(
    page.getByText(`${n(total)}件の書類を「${source.name}」へ移動しました。`),
  ).toBeVisible();
  await expect(page.getByText('このキャビネットに書類はありません。')).toBeVisible();

  const after = await apiGet<Cabinets>(page, API_URL, '/cabinets');
  const count = (id: string) => after.cabinets.find((c) => c.id === id)!.documentCount;
  const created = after.cabinets.find((c) => c.name === name)!;
  expect([count(source.id), count(created.id)]).toEqual([source.documentCount, 0]);
});
