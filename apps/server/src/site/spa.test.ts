import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../config/env.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { buildSiteApp } from '../site-app.ts';
import { makeTempDist } from '../../test/support/site.world.ts';

let deps: TestDeps;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  deps = await createTestDeps();
  dist = makeTempDist();
  app = await buildSiteApp(deps, { consoleDistDir: dist });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('console hosting', () => {
  it.each([
    '/',
    '/company/members',
    '/company/members/bulk_add/0b0c/preview?x=1',
    '/cabinets/123',
    '/no/such/console/page',
  ])('answers index.html for the console path %s, not cached', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets for good and other build files revalidated', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1);');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("serves the build's own brotli and gzip copies of an asset to a client that accepts them", async () => {
    const body = `console.log(${JSON.stringify('クラウドサイン'.repeat(200))});`;
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), body);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(body));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(body));
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toContain('Accept-Encoding');
      expect(decode(res.rawPayload).toString('utf8')).toBe(body);
    }
    const plain = await get('/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
  });

  it('never serves source maps, even when the build folder holds some', async () => {
    writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sourcesContent":["secret source"]}',
    );
    writeFileSync(path.join(dist, 'console.js.map'), '{"version":3}');
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.MAP',
      '/assets/index-abc123.js%2Emap',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'ご指定のデータが見つかりませんでした。',
          requestId: res.headers['x-request-id'],
        },
      });
      expect(res.body).not.toContain('secret source');
    }
    const outside = await get('/console.js.map');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toContain('ご指定のページが見つかりませんでした。');
  });

  it('does not answer index.html for missing assets, site paths or api paths', async () => {
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
    for (const url of ['/login/unknown', '/mfa/unknown', '/password_setup']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('ご指定のページが見つかりませんでした。');
    }
  });

  it("a path that is not valid percent-encoding gets the Japanese 404 page, not the framework's English body", async () => {
    for (const url of ['/%E0%A4%A', '/login/%zz']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('ご指定のページが見つかりませんでした。');
      expect(res.body).not.toContain('FST_');
    }
  });

  it('never serves files outside the build', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await get(url);
      expect(res.body).not.toContain('"name"');
    }
  });

  it('serves /console-config.js from the environment, JSON-escaped', async () => {
    const res = await get('/console-config.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toBe(
      'window.__CLOUDSIGN_CONFIG__ = {"apiUrl":"http://localhost:3001","siteUrl":"http://localhost:3000","datadogClientToken":null,"gtmId":null};\n' +
        "window.__CLOUDSIGN_EARLY_TOKEN__ = fetch(\"http://localhost:3000/api/token/jwt\", { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } }).catch(function () { return null; });\n",
    );
  });

  it('adds GTM and Datadog to the CSP and the config only when configured, escaping "<"', async () => {
    const env = parseEnv({
      ...deps.env,
      PORT: String(deps.env.PORT),
      API_PORT: String(deps.env.API_PORT),
      GTM_ID: 'GTM-ABC123',
      DATADOG_CLIENT_TOKEN: 'pub</script><x>',
    });
    const other = await buildSiteApp({ ...deps, env }, { consoleDistDir: dist });
    try {
      const res = await other.inject({ method: 'GET', url: '/console-config.js' });
      expect(res.body).toContain(
        '"datadogClientToken":"pub\\u003c/script>\\u003cx>","gtmId":"GTM-ABC123"',
      );
      const csp = String(
        (await other.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
      expect(csp).toContain("connect-src 'self' http://localhost:3001 https://*.datadoghq.com");
      expect(csp).toContain("frame-src 'self' http://localhost:3001 blob:");
      expect(csp).toContain("object-src 'self' http://localhost:3001 blob:");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    } finally {
      await other.close();
    }
  });

  it('adds the operator’s CSP_EXTRA_* origins for a tag container’s tags, and nothing when unset', async () => {
    const plain = String((await get('/')).headers['content-security-policy']);
    expect(plain).toContain("script-src 'self';");
    const env = parseEnv({
      ...deps.env,
      PORT: String(deps.env.PORT),
      API_PORT: String(deps.env.API_PORT),
      GTM_ID: 'GTM-ABC123',
      CSP_EXTRA_SCRIPT_SRC: 'https://www.google-analytics.com',
      CSP_EXTRA_CONNECT_SRC: 'https://*.google-analytics.com,https://stats.g.doubleclick.net',
      CSP_EXTRA_IMG_SRC: 'https://*.doubleclick.net',
    });
    const other = await buildSiteApp({ ...deps, env }, { consoleDistDir: dist });
    try {
      const csp = String(
        (await other.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain(
        "script-src 'self' https://www.googletagmanager.com https://www.google-analytics.com;",
      );
      expect(csp).toContain(
        "connect-src 'self' http://localhost:3001 https://*.google-analytics.com https://stats.g.doubleclick.net;",
      );
      expect(csp).toContain(
        "img-src 'self' data: blob: https://www.googletagmanager.com https://*.doubleclick.net;",
      );
    } finally {
      await other.close();
    }
  });

  it('says in Japanese to run npm run build when the console is not built', async () => {
    const missing = await buildSiteApp(deps, {
      consoleDistDir: path.join(os.tmpdir(), `no-dist-${crypto.randomUUID()}`),
    });
    try {
      const res = await missing.inject({ method: 'GET', url: '/company/members' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build を実行してから');
      expect((await missing.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    } finally {
      await missing.close();
    }
  });
});

describe("the page composed from the build's manifest, with its own chunks preloaded", () => {
  let preloadDist: string;
  let site: FastifyInstance;
  const manifest = {
    'index.html': {
      file: 'assets/index-abc123.js',
      css: ['assets/index-1.css'],
      imports: ['_react-1.js'],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    // A page bundled into a shared chunk: the manifest names it by its file (page-chunks.json maps it).
    '_members-page-a1.js': {
      file: 'assets/members-page-a1.js',
      imports: ['_virtual-list-b2.js', '_react-1.js'],
    },
    '_virtual-list-b2.js': { file: 'assets/virtual-list-b2.js' },
    'src/app/routes/cabinet-detail-page.tsx': { file: 'assets/cabinet-detail-page-c3.js' },
    // Never written into the page: not a file of the build's assets folder.
    'src/app/routes/company-settings-page.tsx': { file: 'assets/x.js"><script>alert(1)</script>' },
  };
  // The console's server bundle, as far as the plain page uses it: which page module a path opens.
  const renderer = `
const FILES = { '/company/members': 'members-page', '/company/settings': 'company-settings-page' };
const pageFileOf = (p) =>
  p.startsWith('/cabinets/') ? 'src/app/routes/cabinet-detail-page.tsx'
  : FILES[p] ? 'src/app/routes/' + FILES[p] + '.tsx' : null;
export default { pageFileOf, serverRenderedTitle: () => null, renderFirstScreen: async () => null };
`;
  const preload = (f: string) => `<link rel="modulepreload" crossorigin href="/assets/${f}">`;

  beforeAll(async () => {
    preloadDist = makeTempDist(manifest);
    writeFileSync(
      path.join(preloadDist, '.vite', 'page-chunks.json'),
      JSON.stringify({ 'src/app/routes/members-page.tsx': 'assets/members-page-a1.js' }),
    );
    mkdirSync(path.join(preloadDist, 'server'));
    writeFileSync(path.join(preloadDist, 'server', 'entry-server.js'), renderer);
    site = await buildSiteApp(deps, { consoleDistDir: preloadDist });
  });
  afterAll(async () => {
    await site.close();
    rmSync(preloadDist, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await site.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return res.body;
  };
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('lists the chunks of the page the URL opens, in the head, after the stylesheet and the entry', async () => {
    const members = head(await page('/company/members?page=2'));
    expect(members).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
        preload('react-1.js') +
        preload('members-page-a1.js') +
        preload('virtual-list-b2.js'),
    );
    // The stylesheet first: a rendered page paints as soon as it is here.
    expect(members.indexOf('/assets/index-1.css')).toBeLessThan(members.indexOf('<script'));
    expect(members.split('react-1.js').length - 1).toBe(1);
    expect(head(await page('/cabinets/0b0c4a52-62a5-4c4a-9d8d-3c2a4c8a9f10'))).toContain(
      preload('cabinet-detail-page-c3.js'),
    );
  });

  it('adds nothing for a path of no route, nor names outside the assets folder', async () => {
    for (const url of ['/company/members/extra/segments', '/cabinets', '/company/settings']) {
      const html = await page(url);
      expect(html).toContain('<div id="root"></div>');
      expect(html.split('rel="modulepreload"').length - 1).toBe(1);
      expect(html).not.toContain('alert(1)');
    }
  });

  it('never serves the manifest, and follows a new build', async () => {
    expect((await site.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(
      404,
    );
    writeFileSync(
      path.join(preloadDist, '.vite', 'manifest.json'),
      JSON.stringify({ ...manifest, 'index.html': { file: 'assets/index-def456.js' } }),
    );
    expect(await page('/company/members')).toContain('src="/assets/index-def456.js"');
  });
});
