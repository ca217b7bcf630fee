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
