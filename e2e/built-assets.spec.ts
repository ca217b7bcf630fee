import { expect, test } from '@playwright/test';

// The production build hands out no source maps: no script points at one and none is served.
test('the console scripts carry no source map and no .map file is served', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/') && res.url().endsWith('.js'))
      scripts.push(res.url());
  });
  await page.goto('/login');
  await page.goto('/');
  const html = await (await request.get('/index.html')).text();
  for (const src of html.matchAll(/src="(\/assets\/[^"]+\.js)"/g))
    scripts.push(new URL(src[1]!, page.url()).href);
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of new Set(scripts)) {
    const js = await request.get(url);
    expect(js.status()).toBe(200);
    // A boolean, not the text: a failure should name the file, not print the whole bundle.
    expect((await js.text()).includes('sourceMappingURL'), url).toBe(false);
    expect(js.headers()['sourcemap']).toBeUndefined();
    expect((await request.get(`${url}.map`)).status()).toBe(404);
  }
});

// Every script a page names (the entry, and the modulepreload links the site composes from the build's
// manifest for the page the URL opens) is one the build wrote and the site serves: a missing one costs a 404
// and a console error per load.
test('every script and preload of a page is one the build wrote and the site serves', async ({
  request,
}) => {
  const files = new Set<string>();
  for (const url of [
    '/company/members',
    '/company/documents',
    '/cabinets',
    '/member_groups',
    '/company/audit_log',
    '/company/members/bulk_manipulations',
    '/company/documents/attributes/bulk_manipulations',
  ]) {
    const html = await (await request.get(url)).text();
    for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1]!);
  }
  // Beyond the entry and its libraries: each page brought chunks of its own.
  expect(files.size).toBeGreaterThan(8);
  const unserved: string[] = [];
  for (const file of files) {
    const res = await request.get(file);
    if (res.status() !== 200 || !/javascript/.test(res.headers()['content-type'] ?? ''))
      unserved.push(`${file}: ${res.status()}`);
  }
  expect(unserved).toEqual([]);
  // The build's manifest stays the site's own.
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
});
