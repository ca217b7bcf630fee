/**
 * The site's side of the first screen: which requests get a rendered page, how it is sent (head first, no
 * cache, state escaped, compressed as asked), and that anything unusual falls back to the plain page. The
 * renderer here is a stand-in written into the build folder; the real one is tested in test/first-screen.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createAccessTokenVerifier } from '../auth/access-token.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { makeTempDist } from '../../test/support/site.world.ts';
import { buildSiteApp } from '../site-app.ts';

/** The build's manifest: the entry, its stylesheet, and a library chunk it imports. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc123.js',
    css: ['assets/index-1.css'],
    imports: ['_react-2.js'],
  },
  '_react-2.js': { file: 'assets/react-2.js' },
};

/**
 * A stand-in renderer: renders /company/members only, echoing what the site handed it. `?mode=` makes it
 * fail, give up, or outlast the budget.
 */
const STAND_IN = `
const pageFileOf = () => null;
const serverRenderedTitle = (p) => (p === '/company/members' ? 'メンバー | クラウドサイン' : null);
async function renderFirstScreen(input) {
  const mode = new URL(input.url).searchParams.get('mode');
  if (mode === 'throw') throw new Error('render failed');
  if (mode === 'null') return null;
  if (mode === 'slow')
    await new Promise((resolve) => input.signal.addEventListener('abort', resolve));
  return {
    html: '<p data-testid="member-row">' + input.url + '</p>',
    state: { jwt: input.jwt, apiUrl: input.apiUrl, text: '</script><script>alert(1)</script>\\u2028&' },
  };
}
export default { pageFileOf, serverRenderedTitle, renderFirstScreen };
`;

let deps: TestDeps;
let app: FastifyInstance;
let dist: string;
let cookie: string;
let userId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  dist = makeTempDist(MANIFEST);
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), STAND_IN);
  app = await buildSiteApp(deps, { consoleDistDir: dist });
  const company = await makeCompany(deps);
  const user = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  userId = user.id;
  cookie = (await signIn(deps, user)).cookie;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, ...headers },
  });

const stateOf = (html: string) => {
  const m = /<script type="application\/json" id="first-screen-state">(.*?)<\/script>/s.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, string>) : null;
};

describe('first screen: the site renders a signed-in member’s list page', () => {
  it('sends the rows inside #root, the state beside them, the page title, and caches none of it', async () => {
    const res = await page('/company/members?keyword=%E9%9D%92');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<div id="root"><p data-testid="member-row">http://localhost:3000/company/members?keyword=%E9%9D%92</p></div>',
    );
    expect(res.body).toContain('<title>メンバー | クラウドサイン</title>');
    // The security headers of every page still apply.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('hands the renderer a token of this member for the api, and the api address', async () => {
    const state = stateOf((await page('/company/members')).body)!;
    expect(state.apiUrl).toBe(deps.env.API_INTERNAL_URL);
    const verify = createAccessTokenVerifier(deps.keys, {
      issuer: deps.env.SITE_URL,
      audience: deps.env.API_URL,
    });
    expect((await verify(state.jwt!))?.userId).toBe(userId);
    expect(decodeJwt(state.jwt!).sub).toBe(userId);
  });

  it('writes the state so no value can end its element or start a script', async () => {
    const { body } = await page('/company/members');
    // Read up to the first </script>, as the browser does: an unescaped value would cut the JSON short.
    expect(body).not.toContain('<script>alert(1)');
    expect(stateOf(body)!.text).toBe('</script><script>alert(1)</script>\u2028&');
  });

  it('puts the stylesheet in the head and the scripts after the rows', async () => {
    const { body } = await page('/company/members');
    const head = body.slice(0, body.indexOf('<div id="root">'));
    expect(head).toContain('index-1.css');
    expect(head).not.toContain('index-abc123.js');
    expect(head).not.toContain('modulepreload');
    const rows = body.indexOf('data-testid="member-row"');
    expect(body.indexOf('index-abc123.js')).toBeGreaterThan(rows);
    expect(body.indexOf('react-2.js')).toBeGreaterThan(rows);
    expect(body.indexOf('index-abc123.js')).toBeLessThan(body.indexOf('</body>'));
  });

  it('compresses the page as the browser asks, the same bytes underneath', async () => {
    // Each page carries a token minted for it: compared without it.
    const withoutToken = (html: string) => html.replace(/"jwt":"[^"]+"/, '');
    const plain = withoutToken((await page('/company/members')).body);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await page('/company/members', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['vary']).toContain('Accept-Encoding');
      expect(withoutToken(decode(res.rawPayload).toString('utf8'))).toBe(plain);
    }
  });

  it.each([
    ['the renderer gives up', '/company/members?mode=null'],
    ['the render outlasts its budget', '/company/members?mode=slow'],
  ])('sends the plain page when %s', async (_case, url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('first-screen-state');
    expect(res.body).toContain('index-abc123.js');
  });

  it('breaks the page when the renderer throws, outside production: a test sees the bug', async () => {
    await expect(page('/company/members?mode=throw')).rejects.toThrow(/destroyed/);
  });

  it('sends the plain page when the renderer throws in production, unless FIRST_SCREEN is strict', async () => {
    for (const [FIRST_SCREEN, isPlain] of [
      ['on', true],
      ['strict', false],
    ] as const) {
      const prod = await buildSiteApp(
        { ...deps, env: { ...deps.env, NODE_ENV: 'production', FIRST_SCREEN } },
        { consoleDistDir: dist },
      );
      try {
        const res = prod.inject({
          method: 'GET',
          url: '/company/members?mode=throw',
          headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
        });
        if (isPlain) {
          const body = (await res).body;
          expect(body).toContain('<div id="root"></div>');
          expect(body).toContain('index-abc123.js');
        } else await expect(res).rejects.toThrow(/destroyed/);
      } finally {
        await prod.close();
      }
    }
  });

  it('sends the plain page to a browser without a live session, and for pages it does not render', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/company/members' }),
      await app.inject({
        method: 'GET',
        url: '/company/members',
        headers: { cookie: `${SESSION_COOKIE}=not-a-session` },
      }),
      await page('/cabinets'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('first-screen-state');
      expect(res.body).not.toContain('data-testid="member-row"');
    }
  });

  it('never serves the renderer itself', async () => {
    for (const url of [
      '/server/entry-server.js',
      '/server/',
      '/server',
      '/%73erver/entry-server.js',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('renderFirstScreen');
    }
  });

  it('renders nothing when FIRST_SCREEN is off', async () => {
    const off = await buildSiteApp(
      { ...deps, env: { ...deps.env, FIRST_SCREEN: 'off' } },
      { consoleDistDir: dist },
    );
    try {
      const res = await off.inject({
        method: 'GET',
        url: '/company/members',
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await off.close();
    }
  });
});
