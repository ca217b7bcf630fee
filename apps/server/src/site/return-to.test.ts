/**
 * Open redirects: every Location the site answers with stays on SITE_URL,
 * whatever return_to a link carried. Checked on the resolved URL, as a browser would follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { buildSiteApp } from '../site-app.ts';
import { logIn, makeLoginUser, postForm } from '../../test/support/site.world.ts';
import { safeReturnTo, siteLocation } from './return-to.ts';

const SITE = 'http://localhost:3000';
const LANDING = `${SITE}/`;
const ATTACKS = [
  '/..//evil.example/phish',
  '/%2e%2e//x',
  '/./%2F%2Fx',
  '/.%2e//evil.example',
  '/%2E%2E/%2E%2E//evil.example',
];
/** Pages that send a signed-in browser on to its return_to (the four). */
const PAGES = ['/login', '/mfa/verify', '/mfa/setup', '/login/new_password'];

/** Where a browser on `from` lands when it follows `location`. */
const followed = (location: string, from = `${SITE}/login`) => new URL(location, from);
const staysOnSite = (location: string) => {
  const url = followed(location);
  return url.origin === SITE && !url.pathname.startsWith('//') && url.username === '';
};

/** Paths built from the pieces that fooled input checks: dot segments, encodings, slashes, schemes, controls. */
const hostilePath = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '/',
        '//',
        '\\',
        '/\\',
        '..',
        '.',
        '%2e',
        '%2E%2e',
        '%2f',
        '%2F',
        '%5c',
        '%252f',
        '\t',
        '\n',
        '\r',
        ' ',
        '\u0000',
      ),
      fc.constantFrom(
        'https:',
        'http:',
        'javascript:',
        'data:',
        '//evil.example',
        'evil.example',
        '@evil.example',
        'user:pw@',
        ':3000',
        '?',
        '#',
        '&',
      ),
      fc.stringMatching(/^[a-z0-9_-]{1,8}$/),
    ),
    { minLength: 1, maxLength: 10 },
  )
  .map((parts) => parts.join(''));

describe('return_to is resolved on SITE_URL and the result checked', () => {
  it('generated hostile paths: the Location always lands on the site, the kept path always starts with one slash', () => {
    fc.assert(
      fc.property(hostilePath, (input) => {
        const location = siteLocation(input, SITE);
        expect(location.startsWith(`${SITE}/`), location).toBe(true);
        expect(staysOnSite(location), location).toBe(true);
        const kept = safeReturnTo(input, SITE);
        expect(kept.startsWith('/') && !kept.startsWith('//'), kept).toBe(true);
        expect(staysOnSite(kept), kept).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it.each(ATTACKS)('%s falls back to the landing page', (input) => {
    const expected = input === '/./%2F%2Fx' ? `${SITE}/%2F%2Fx` : LANDING;
    expect(siteLocation(input, SITE)).toBe(expected);
  });

  it('keeps an ordinary console path with its query and fragment', () => {
    expect(siteLocation('/company/members?page=2#top', SITE)).toBe(
      `${SITE}/company/members?page=2#top`,
    );
    expect(safeReturnTo('/company/members?page=2#top', SITE)).toBe('/company/members?page=2#top');
  });
});

describe('the site pages never redirect off-site', () => {
  let deps: TestDeps;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    deps = await createTestDeps();
    app = await buildSiteApp(deps);
    const company = await makeCompany(deps);
    const user = await makeLoginUser(deps, company.id);
    cookie = (await logIn(app, user.email, undefined, { ip: '10.9.0.1' })).cookie!;
  });
  afterAll(async () => {
    await app.close();
    await deps.cleanup();
  });

  const getSignedIn = (url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: `cs_session=${cookie}` } });

  for (const page of PAGES) {
    it.each(ATTACKS)(
      `${page}?return_to=%s sends a signed-in member to a page of the site`,
      async (attack) => {
        const res = await getSignedIn(`${page}?return_to=${encodeURIComponent(attack)}`);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(attack === '/./%2F%2Fx' ? `${SITE}/%2F%2Fx` : LANDING);
      },
    );
  }

  it('the password step itself redirects to the site for /..//evil.example/phish', async () => {
    const user = await makeLoginUser(deps, (await makeCompany(deps)).id);
    const { res } = await logIn(app, user.email, undefined, {
      returnTo: '/..//evil.example/phish',
      ip: '10.9.0.2',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(LANDING);
  });

  it('login cancel keeps return_to only as a path of the site', async () => {
    const res = await postForm(app, '/login/cancel', { return_to: '/..//evil.example/phish' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${SITE}/login`);
  });

  it('generated return_to on GET /login of a signed-in member: the Location is always on SITE_URL', async () => {
    await fc.assert(
      fc.asyncProperty(hostilePath, async (input) => {
        const res = await getSignedIn(`/login?return_to=${encodeURIComponent(input)}`);
        // Input the site refuses outright (a NUL, a lone surrogate) gets the 400 page and no Location at all.
        if (
          input.includes('\u0000') ||
          /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(input)
        ) {
          expect([res.statusCode, res.headers.location]).toEqual([400, undefined]);
          return;
        }
        expect(res.statusCode).toBe(303);
        const location = String(res.headers.location);
        expect(location.startsWith(`${SITE}/`), location).toBe(true);
        expect(staysOnSite(location), location).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
