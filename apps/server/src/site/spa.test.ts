import { rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../config/env.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { buildSiteApp } from './app.ts';
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

describe("the page's own chunks, preloaded with index.html", () => {
  let preloadDist: string;
  let site: FastifyInstance;
  const index =
    '<!doctype html><html lang="ja"><head><title>クラウドサイン</title></head><body><div id="root"></div></body></html>';
  const preloads = [
    { path: '/company/members', files: ['assets/members-page-a1.js', 'assets/virtual-list-b2.js'] },
    { path: '/cabinets/:id', files: ['assets/cabinet-detail-page-c3.js'] },
    // Never written into the page: not a chunk of the build's assets folder.
    { path: '/company/settings', files: ['assets/x.js"><script>alert(1)</script>', '//evil/x.js'] },
  ];

  beforeAll(async () => {
    preloadDist = makeTempDist();
    writeFileSync(path.join(preloadDist, 'index.html'), index);
    writeFileSync(path.join(preloadDist, 'route-preloads.json'), JSON.stringify(preloads));
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

  it('lists the chunks of the page the URL opens, in the head, before the entry runs', async () => {
    expect(await page('/company/members?page=2')).toBe(
      index.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/members-page-a1.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/virtual-list-b2.js"></head>',
      ),
    );
    expect(await page('/cabinets/0b0c4a52-62a5-4c4a-9d8d-3c2a4c8a9f10')).toBe(
      index.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/cabinet-detail-page-c3.js"></head>',
      ),
    );
  });

  it('adds nothing for a path of no route, nor names outside the assets folder', async () => {
    expect(await page('/company/members/extra/segments')).toBe(index);
    expect(await page('/cabinets')).toBe(index);
    expect(await page('/company/settings')).toBe(index);
  });

  it('serves the plain page when the preload file is damaged, and follows a new build', async () => {
    writeFileSync(path.join(preloadDist, 'route-preloads.json'), '{ not json');
    expect(await page('/company/members')).toBe(index);
    const rebuilt = index.replace('クラウドサイン', 'クラウドサイン 2');
    writeFileSync(path.join(preloadDist, 'index.html'), rebuilt);
    writeFileSync(path.join(preloadDist, 'route-preloads.json'), JSON.stringify(preloads));
    expect(await page('/company/members')).toContain(
      '<title>クラウドサイン 2</title><link rel="modulepreload" crossorigin href="/assets/members-page-a1.js">',
    );
  });
});
