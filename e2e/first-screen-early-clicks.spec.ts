/**
 * Not one lost click on a page the site rendered (docs/design.md §1, "First screen"): its rows are links and
 * its search form a form, so a click before the console has hydrated the page is an ordinary navigation,
 * and the page it loads opens the drawer or the detail. Clicked at several moments after the navigation
 * started, from the first rows on screen to a page long hydrated; every click must open what it points at.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO } from './support/auth.ts';
import { startAt } from './support/journeys.ts';

const DELAYS_MS = [50, 100, 200, 400, 800];
const TIMES_EACH = Number(process.env.E2E_EARLY_CLICKS ?? 6);

/** Whether React has taken #root over (hydrateRoot marks its container). */
const isHydrated = (page: Page) =>
  page
    .locator('#root')
    .evaluate((root: object) => Object.keys(root).some((k) => k.startsWith('__reactContainer')));

/**
 * Opens `path` and clicks `row` `delay` ms after the navigation started (or as soon as the row is on screen,
 * if it comes later). Answers the id the row points at (`param` of its link), and whether the console had
 * taken the page over by the time of the click.
 */
async function clickAfter(page: Page, path: string, row: Locator, param: string, delay: number) {
  const started = Date.now();
  // The console's scripts come from the browser's cache after the first visit, and this machine may be
  // fast: they are held until a second after navigation, so the early clicks land on the site's HTML alone.
  await page.unroute('**/assets/index-*.js');
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 1000 - Date.now())));
    // A click may have navigated away meanwhile: the browser then dropped this request.
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'commit' });
  const wait = delay - (Date.now() - started);
  if (wait > 0) await page.waitForTimeout(wait);
  const href = await row
    .locator('a')
    .first()
    .or(row.and(page.locator('a')))
    .getAttribute('href');
  const wasHydrated = await isHydrated(page);
  await row.click();
  const id = new URL(href ?? '', 'http://x').searchParams.get(param);
  expect(id).toBeTruthy();
  return { id: id!, wasHydrated };
}

/** Opens `path` with the console's entry script held back; answers the function that lets it load. */
async function openWithConsoleHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

const LISTS = [
  {
    what: 'a member row opens its drawer',
    path: '/company/members',
    rowId: 'member-row',
    param: 'memberId',
    opened: (page: Page) => page.getByRole('dialog', { name: 'メンバーの詳細' }),
  },
  {
    what: 'a document row opens its detail',
    path: '/company/documents',
    rowId: 'document-row',
    param: 'documentId',
    opened: (page: Page) => page.getByTestId('document-detail-panel'),
  },
];

for (const list of LISTS)
  test(`a click on ${list.what} whenever it lands`, async ({ page }) => {
    test.setTimeout(DELAYS_MS.length * TIMES_EACH * 10_000);
    await startAt(page, DEMO.admin);
    let early = 0;
    for (const delay of DELAYS_MS)
      for (let i = 0; i < TIMES_EACH; i++) {
        const row = page.getByTestId(list.rowId).nth(i);
        const click = await clickAfter(page, list.path, row, list.param, delay);
        if (!click.wasHydrated) early++;
        await expect(page).toHaveURL(new RegExp(`${list.param}=${click.id}`));
        await expect(list.opened(page), `${delay} ms, try ${i + 1}`).toBeVisible();
      }
    // Some clicks did land before the console had taken the page over: the test covers that case.
    expect(early).toBeGreaterThan(0);
  });

test('a search submitted before the console has taken the page over runs', async ({ page }) => {
  await startAt(page, DEMO.admin);
  await page.goto('/company/members', { waitUntil: 'commit' });
  const box = page.getByRole('textbox', { name: 'キーワード' });
  await box.fill('member@example');
  await box.press('Enter');
  await expect(page).toHaveURL(/keyword=member%40example/);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
});

for (const { path, keyword, expected } of [
  { path: '/company/members', keyword: 'member@example', expected: /keyword=member%40example/ },
  { path: '/company/documents', keyword: '業務委託', expected: /keyword=%E6%A5%AD%E5%8B%99/ },
])
  test(`${path}: a keyword typed before the console has taken the page over stays, and Enter searches it`, async ({
    page,
  }) => {
    await startAt(page, DEMO.admin);
    // The console's entry is held until the keyword is in the box: the typing lands on the site's HTML.
    const box = page.getByRole('textbox', { name: 'キーワード' });
    const release = await openRenderedWithConsoleHeld(page, path, box);
    await box.fill(keyword);
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect(box).toHaveValue(keyword);
    await box.press('Enter');
    await expect(page).toHaveURL(expected);
  });

for (const { path, button, opened } of [
  { path: '/company/documents', button: '書類情報の設定', opened: '書類情報の設定' },
  { path: '/company/members', button: 'メンバーを追加', opened: 'メンバーを追加' },
])
  test(`${path}: 「${button}」 clicked before the console has taken the page over opens once it has`, async ({
    page,
  }) => {
    await startAt(page, DEMO.admin);
    // The console's entry is held until the click is under way: the click lands on the site's HTML.
    const target = page.getByRole('button', { name: button, exact: true });
    const release = await openRenderedWithConsoleHeld(page, path, target);
    expect(await isHydrated(page)).toBe(false);
    // Not ready yet, and it says so: the button takes no click (which would be lost), the pointer is busy.
    await expect(target).toHaveCSS('pointer-events', 'none');
    await expect(page.locator('body')).toHaveCSS('cursor', 'progress');
    const click = target.click();
    await page.waitForTimeout(300);
    release();
    await click;
    await expect(page.getByRole('dialog', { name: opened })).toBeVisible();
    await expect(page.locator('body')).not.toHaveCSS('cursor', 'progress');
  });

/**
 * Opens `path` with the console's entry held, and waits for `shown`, which only the site's render has. A page
 * whose reads outlast the site's budget (a busy machine) comes plain, to be rendered by the held console: not
 * the page under test, so it is opened again.
 */
async function openRenderedWithConsoleHeld(page: Page, path: string, shown: Locator) {
  let release = () => {};
  await expect(async () => {
    release = await openWithConsoleHeld(page, path);
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  return release;
}

for (const { path, rowId } of [
  { path: '/cabinets', rowId: 'cabinet-row' },
  { path: '/member_groups', rowId: 'group-row' },
])
  test(`${path}: a row clicked before the console has taken the page over opens it`, async ({
    page,
  }) => {
    await startAt(page, DEMO.admin);
    const link = page.getByTestId(rowId).nth(1).getByRole('link').first();
    // The console's entry stays held until the row's page is open: the click is on the site's HTML alone.
    const release = await openRenderedWithConsoleHeld(page, path, link);
    const name = (await link.textContent()) ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^${path}/[0-9a-f-]{36}$`));
    expect(await isHydrated(page)).toBe(false);
    await link.click();
    // Compared as a string: a predicate would wait for the page's load event, which the held entry delays.
    await expect(page).toHaveURL(href);
    release();
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    // Still the admin who clicked (管理 太郎 in the demo).
    await expect(page.getByRole('banner').getByRole('button', { name: /管理 太郎/ })).toBeVisible();
  });

test('/company/audit_log: a filter submitted before the console has taken the page over runs, keeping its chips', async ({
  page,
}) => {
  await startAt(page, 'auditor@example.com');
  // A pre-filtered link (「この書類の履歴」 style) then a keyword and a typed day, before any script ran.
  const form = page.getByRole('form', { name: '絞り込み' });
  const keyword = form.getByRole('textbox', { name: 'キーワード' });
  const release = await openRenderedWithConsoleHeld(
    page,
    '/company/audit_log?targetType=document',
    keyword,
  );
  await keyword.fill('契約書');
  await form.getByRole('textbox', { name: '期間（開始）' }).fill('2020/1/1');
  expect(await isHydrated(page)).toBe(false);
  await form.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(/targetType=document/);
  await expect(page).toHaveURL(/keyword=%E5%A5%91%E7%B4%84%E6%9B%B8/);
  release();
  await expect(page.getByTestId('audit-event').first()).toBeVisible();
  // The console reads the typed day as the API's, and shows it in the box.
  await expect(form.getByRole('textbox', { name: '期間（開始）' })).toHaveValue('2020-01-01');
  await expect(page.getByTestId('audit-event').first()).toContainText('契約書');
});
