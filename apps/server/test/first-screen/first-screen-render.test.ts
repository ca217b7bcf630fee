/**
 * The console's first-screen renderer (apps/console/src/entry-server.tsx) against the real api and database:
 * what a member's page holds when the site renders it, and that renders for members of two companies running
 * at the same time each see only their own company (the token is per request, never shared).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { cabinets, memberGroups } from '../../src/db/schema.ts';
import type { FirstScreenRenderer } from '@cloudsign/contract';

type State = { queries: { queries: { queryKey: unknown[] }[] } };
const entry = fileURLToPath(new URL('../../../console/src/entry-server.tsx', import.meta.url));

let deps: TestDeps;
let api: ApiApp;
let apiUrl: string;
let renderer: FirstScreenRenderer;
const people = {} as Record<'adminA' | 'plainA' | 'auditorA' | 'adminB', { jwt: string }>;

beforeAll(async () => {
  deps = await createTestDeps();
  api = await buildApiApp(deps);
  apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  // Loaded by path, as the site loads its build: the console's sources are not part of the server's types.
  renderer = (
    (await import(pathToFileURL(path.resolve(entry)).href)) as { default: FirstScreenRenderer }
  ).default;

  const a = await makeCompany(deps, { name: '株式会社エー' });
  const b = await makeCompany(deps, { name: '株式会社ビー' });
  const adminA = await makeUser(deps, a.id, { name: '管理 エー子', roles: ['CompanyAdmin'] });
  const plainA = await makeUser(deps, a.id, { name: '一般 エー助' });
  const auditorA = await makeUser(deps, a.id, { name: '監査 エー美', roles: ['CompanyAuditor'] });
  const adminB = await makeUser(deps, b.id, { name: '管理 ビー子', roles: ['CompanyAdmin'] });
  for (let i = 0; i < 5; i++) {
    await makeUser(deps, a.id, { name: `社員A${i}`, email: `a${i}@a.example.test` });
    await makeUser(deps, b.id, { name: `社員B${i}`, email: `b${i}@b.example.test` });
    await makeDocument(deps, a.id, { title: `エー社の契約書${i}` });
    await makeDocument(deps, b.id, { title: `ビー社の契約書${i}` });
  }
  for (const [company, mark] of [
    [a, 'エー'],
    [b, 'ビー'],
  ] as const) {
    await deps.database.db
      .insert(cabinets)
      .values({ companyId: company.id, name: `${mark}社の棚` });
    await deps.database.db
      .insert(memberGroups)
      .values({ companyId: company.id, name: `${mark}社の営業部` });
  }
  people.adminA = await signIn(deps, adminA);
  people.plainA = await signIn(deps, plainA);
  people.auditorA = await signIn(deps, auditorA);
  people.adminB = await signIn(deps, adminB);
  // The renderer compiles the console's whole tree on import: past the default hook time at load 20.
}, 180_000);
afterAll(async () => {
  // A read cancelled part-way (the redirect and budget cases) can leave a half-sent request on a kept-alive
  // socket, which close() would wait on until the server's header time-out.
  api?.server.closeAllConnections();
  await api?.close();
  await deps?.cleanup();
});

const render = (
  who: keyof typeof people,
  pagePath: string,
  over: Partial<{ fetch: typeof fetch }> = {},
) =>
  renderer.renderFirstScreen({
    url: `${deps.env.SITE_URL}${pagePath}`,
    apiUrl,
    siteUrl: deps.env.SITE_URL,
    jwt: people[who].jwt,
    fetch: over.fetch ?? fetch,
    signal: AbortSignal.timeout(10_000),
  });

const rowsOf = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe('first screen rendered by the site', () => {
  it('names the pages it renders, with their titles, and no others', () => {
    expect(renderer.serverRenderedTitle('/company/members')).toBe('メンバー | クラウドサイン');
    expect(renderer.serverRenderedTitle('/company/documents')).toBe('書類 | クラウドサイン');
    expect(renderer.serverRenderedTitle('/cabinets')).toBe('キャビネット | クラウドサイン');
    expect(renderer.serverRenderedTitle('/member_groups')).toBe(
      'メンバーグループ | クラウドサイン',
    );
    expect(renderer.serverRenderedTitle('/company/audit_log')).toBe('監査ログ | クラウドサイン');
    expect(renderer.serverRenderedTitle('/company/members/bulk_manipulations')).toBe(
      '一括操作の履歴 | クラウドサイン',
    );
    expect(renderer.serverRenderedTitle('/company/documents/attributes/bulk_manipulations')).toBe(
      '書類情報の一括編集の履歴 | クラウドサイン',
    );
    expect(renderer.serverRenderedTitle('/company/members/bulk_add')).toBeNull();
    expect(renderer.serverRenderedTitle('/company/settings')).toBeNull();
  });

  it('the cabinets and member groups pages hold the company’s own, as rows', async () => {
    const cabinetsPage = (await render('adminA', '/cabinets'))!.html;
    expect(rowsOf(cabinetsPage, 'cabinet-row')).toBe(2);
    expect(cabinetsPage).toContain('エー社の棚');
    expect(cabinetsPage).not.toContain('ビー社');
    const groupsPage = (await render('adminA', '/member_groups'))!.html;
    expect(rowsOf(groupsPage, 'group-row')).toBe(2);
    expect(groupsPage).toContain('エー社の営業部');
    expect(groupsPage).not.toContain('ビー社');
  });

  it('a bulk history renders the page its URL names (its pager’s links lead there)', async () => {
    const history = await render('adminA', '/company/members/bulk_manipulations?page=1');
    expect(history!.html).toContain('まだ一括操作はありません。');
    const keys = (history!.state as State).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.some((k) => k.includes('"page":1'))).toBe(true);
    const later = (await render('adminA', '/company/members/bulk_manipulations?page=3'))!;
    const laterKeys = (later.state as State).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(laterKeys.some((k) => k.includes('"page":3'))).toBe(true);
  });

  it("a company admin's members page holds the company's members as rows, with the reads the console hydrates from", async () => {
    const page = await render('adminA', '/company/members');
    expect(page).not.toBeNull();
    const { html } = page!;
    const state = page!.state as State;
    // The admin, the plain member, the auditor and the five others.
    expect(rowsOf(html, 'member-row')).toBe(8);
    for (const name of ['管理 エー子', '一般 エー助', '社員A0', '社員A4'])
      expect(html).toContain(name);
    expect(html).not.toContain('社員B');
    // The header and navigation are there too, under the member's own company.
    expect(html).toContain('株式会社エー');
    const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.some((k) => k.includes('me'))).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(3);
  });

  it('rows are links to the list with their drawer or detail open, and such a URL renders too', async () => {
    const members = (await render('adminA', '/company/members'))!.html;
    const href =
      /<a[^>]*data-testid="member-row"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*data-testid="member-row"/.exec(
        members,
      );
    const link = (href?.[1] ?? href?.[2] ?? '').replace(/&amp;/g, '&');
    expect(link).toMatch(/^\/company\/members\?memberId=[0-9a-f-]{36}$/);
    // The URL a click before hydration loads: the list again, rendered (not a redirect to a plain page).
    expect(rowsOf((await render('adminA', link))!.html, 'member-row')).toBe(8);
    const documents = (await render('adminA', '/company/documents'))!.html;
    expect(documents).toMatch(/href="\/company\/documents\?documentId=[0-9a-f-]{36}"/);
    // The search box is a form the browser submits by itself.
    const form = /<form[^>]*>/.exec(members)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/company/members"');
  });

  it("a company admin's documents page holds the company's documents as rows", async () => {
    const page = await render('adminA', '/company/documents');
    expect(page).not.toBeNull();
    expect(rowsOf(page!.html, 'document-row')).toBe(5);
    expect(page!.html).toContain('エー社の契約書0');
    expect(page!.html).not.toContain('ビー社');
  });

  it('a member without 組織管理権限 gets the plain page: the list is refused to them, and nothing of it is sent', async () => {
    const page = await render('plainA', '/company/members');
    expect(page).toBeNull();
  });

  it('a page the member’s role may not open goes out plain, for the browser to show its notice', async () => {
    for (const pagePath of [
      '/member_groups',
      '/company/audit_log',
      '/company/members/bulk_manipulations',
      '/company/documents/attributes/bulk_manipulations',
    ])
      expect(await render('plainA', pagePath), pagePath).toBeNull();
    // 組織管理権限 is not 監査ログ閲覧権限.
    expect(await render('adminA', '/company/audit_log')).toBeNull();
  });

  it('the audit log renders for its auditor, with the filter of its URL', async () => {
    const page = await render('auditorA', '/company/audit_log?keyword=エー社&from=2020/1/1');
    expect(page).not.toBeNull();
    expect(page!.html).toContain('監査ログ');
    const keys = (page!.state as State).queries.queries.map((q) => JSON.stringify(q.queryKey));
    // The day as typed into the form before the console ran is read as the API's day.
    expect(keys.some((k) => k.includes('"from":"2020-01-01"') && k.includes('エー社'))).toBe(true);
  });

  it('renders for two companies at once, each page holding only its own company', async () => {
    // Every api answer is held back a little, in a different order each time, so the renders interleave.
    let n = 0;
    const slow: typeof fetch = async (input, init) => {
      n += 1;
      await new Promise((r) => setTimeout(r, (n * 7) % 23));
      return fetch(input, init);
    };
    const whos = ['adminA', 'adminB', 'adminA', 'adminB', 'adminB', 'adminA'] as const;
    const pages = await Promise.all(
      whos.map((who) => render(who, '/company/members', { fetch: slow })),
    );
    pages.forEach((page, i) => {
      const own = whos[i] === 'adminA' ? 'A' : 'B';
      const other = own === 'A' ? 'B' : 'A';
      expect(page).not.toBeNull();
      expect(page!.html).toContain(`社員${own}0`);
      expect(page!.html).not.toContain(`社員${other}`);
      expect(JSON.stringify(page!.state)).not.toContain(`社員${other}`);
    });
  });

  it('answers null (the plain page) when the api refuses the token', async () => {
    const page = await renderer.renderFirstScreen({
      url: `${deps.env.SITE_URL}/company/members`,
      apiUrl,
      siteUrl: deps.env.SITE_URL,
      jwt: 'not-a-token',
      fetch,
      signal: AbortSignal.timeout(10_000),
    });
    expect(page).toBeNull();
  });

  it('answers null when a read fails, and when the time budget runs out', async () => {
    const failing: typeof fetch = async (input, init) =>
      (input instanceof Request ? input.url : input.toString()).includes('/members')
        ? new Response('{"error":{"code":"internal"}}', { status: 500 })
        : fetch(input, init);
    expect(await render('adminA', '/company/members', { fetch: failing })).toBeNull();

    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const page = await renderer.renderFirstScreen({
      url: `${deps.env.SITE_URL}/company/members`,
      apiUrl,
      siteUrl: deps.env.SITE_URL,
      jwt: people.adminA.jwt,
      fetch: never,
      signal: AbortSignal.timeout(200),
    });
    expect(page).toBeNull();
  });

  it('answers null for a URL the console would correct first (a redirect)', async () => {
    expect(await render('adminA', '/company/members?page=abc')).toBeNull();
  });
});
