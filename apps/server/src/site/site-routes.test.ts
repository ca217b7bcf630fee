/**
 * Every route the site registers, listed as it registers them (so a new route is covered without editing
 * this file), answers a signed-out request without a server error, in the content type its body really has.
 * The public SP metadata URL once answered 500: its XML was a promise sent as the body.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { makeTempDist } from '../../test/support/site.world.ts';
import { makeSsoSettings } from '../../test/support/sso.world.ts';
import { buildSiteApp } from '../site-app.ts';

let deps: TestDeps;
let app: FastifyInstance;
let dist: string;
let ssoCompany: string;
const routes: { method: HTTPMethods; url: string }[] = [];

beforeAll(async () => {
  deps = await createTestDeps();
  dist = makeTempDist();
  app = await buildSiteApp(deps, {
    consoleDistDir: dist,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  ssoCompany = (await makeCompany(deps, { plan: 'business' })).id;
  await makeSsoSettings(deps, [ssoCompany]);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

/** A URL for the route: the SSO company for `:companyId` (so its real pages answer), a console path for `*`. */
const urlOf = (pattern: string) =>
  pattern
    .replace(':companyId', ssoCompany)
    .replace(/:[A-Za-z]+/g, () => randomUUID())
    .replace('*', 'company/members');

/** What the body is, read from the body itself, as its Content-Type must say. */
function kindOf(body: string): RegExp | null {
  const text = body.trimStart();
  if (text === '') return null;
  if (text.startsWith('<?xml')) return /^application\/(samlmetadata\+)?xml\b/;
  if (/^<(!doctype html|html)/i.test(text)) return /^text\/html\b/;
  if (/^[[{]/.test(text)) return /^application\/json\b/;
  return /^(text|application)\/javascript\b/;
}

describe('every site route', () => {
  it('lists the routes the site registers', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /sso/:companyId/metadata');
    expect(urls).toContain('GET /login');
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers each signed-out request with 2xx, 3xx or 4xx in the content type of its body', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const url = urlOf(route.url);
      const res = await app.inject({
        method: route.method,
        url,
        ...(route.method === 'GET'
          ? {}
          : {
              payload: '',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'sec-fetch-site': 'same-origin',
              },
            }),
      });
      const expected = kindOf(res.body);
      const type = res.headers['content-type'] ?? '';
      if (res.statusCode >= 500) wrong.push(`${route.method} ${url}: ${res.statusCode}`);
      else if (expected && !expected.test(String(type)))
        wrong.push(`${route.method} ${url}: ${String(type)} for ${res.body.slice(0, 40)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the SP metadata URL with its XML', async () => {
    const res = await app.inject({ method: 'GET', url: `/sso/${ssoCompany}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    expect(res.body).toContain('EntityDescriptor');
  });
});
