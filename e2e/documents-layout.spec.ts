import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/auth.ts';

/**
 * /company/documents with a document open beside the list: the list fits its half (no sideways scroll) and
 * 取引金額 is shown whole, at 1366×860 and at 1280 wide. Screenshots go to e2e/.artifacts/ to be looked at.
 */
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');
mkdirSync(artifacts, { recursive: true });
// No DOM typings in the e2e project: the sizes read from an element.
type Box = { scrollWidth: number; clientWidth: number };

for (const viewport of [
  { width: 1366, height: 860 },
  { width: 1280, height: 800 },
]) {
  test(`the list fits beside an open document at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Documents with an amount, so the amount column has something to clip.
    await login(page, DEMO.admin, '/company/documents?amountFrom=1');
    const rows = page.getByTestId('document-row');
    await expect(rows.first()).toBeVisible();
    await rows.first().click();
    await expect(page.getByTestId('document-detail-panel')).toBeVisible();

    const viewportBox = page
      .getByTestId('documents-list-viewport')
      .locator('.mantine-ScrollArea-viewport');
    const overflow = await viewportBox.evaluate((el: Box) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    await expect(page.getByTestId('documents-list-panel').getByRole('columnheader')).toHaveText([
      'タイトル / 契約相手',
      '契約締結日',
      '取引金額',
    ]);

    // Every amount cell is inside the panel and shows its whole text (nothing cut by the cell).
    const panel = (await page.getByTestId('documents-list-panel').boundingBox())!;
    const amounts = page.getByTestId('document-row').locator('td:nth-child(3)');
    const n = await amounts.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(n, 10); i++) {
      const cell = amounts.nth(i);
      await expect(cell).toHaveText(/^[\d,]+円$|^—$/);
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, `amount ${i + 1} ends inside the list`).toBeLessThanOrEqual(
        panel.x + panel.width + 0.5,
      );
      expect(
        await cell.evaluate((el: Box) => el.scrollWidth <= el.clientWidth),
        `amount ${i + 1} is not clipped`,
      ).toBe(true);
    }
    await page.screenshot({
      path: path.join(artifacts, `documents-detail-open-${viewport.width}.png`),
    });

    // Closing the detail brings the full table back.
    await page.goto('/company/documents?amountFrom=1');
    await expect(page.getByTestId('documents-list-panel').getByRole('columnheader')).toHaveText([
      'タイトル / 契約相手',
      '契約締結日',
      '契約終了日',
      '取引金額',
      'キャビネット',
    ]);
    await page.screenshot({ path: path.join(artifacts, `documents-list-${viewport.width}.png`) });
  });
}
