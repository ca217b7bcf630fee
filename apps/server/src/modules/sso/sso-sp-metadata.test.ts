/**
 * The public SP metadata URL (`GET {SITE_URL}/sso/{companyId}/metadata`) an IdP may fetch: the real XML of a
 * company that has set SSO up, the Japanese 404 page for any other id.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { makeSsoSettings } from '../../../test/support/sso.world.ts';
import { buildSiteApp } from '../../site-app.ts';

let deps: TestDeps;
let app: FastifyInstance;
let configured: string;
let noIdp: string;
let noSsoPlan: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  configured = (await makeCompany(deps, { plan: 'business' })).id;
  noIdp = (await makeCompany(deps, { plan: 'enterprise' })).id;
  // Settings left from a plan that had SSO: the plan decides, as for the settings API.
  noSsoPlan = (await makeCompany(deps, { plan: 'corporate' })).id;
  await makeSsoSettings(deps, [configured, noSsoPlan]);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const metadata = (companyId: string) =>
  app.inject({ method: 'GET', url: `/sso/${companyId}/metadata` });

describe('GET /sso/{companyId}/metadata', () => {
  it('answers the SP metadata XML of a company with SSO set up', async () => {
    const res = await metadata(configured);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    const site = deps.env.SITE_URL;
    expect(res.body).toMatch(/^<\?xml/);
    expect(res.body).toContain(`entityID="${site}/sso/${configured}"`);
    expect(res.body).toContain(`Location="${site}/sso/${configured}/acs"`);
  });

  it.each([
    ['an id of no company', () => randomUUID()],
    ['a company that registered no IdP', () => noIdp],
    ['a company whose plan has no SSO', () => noSsoPlan],
    ['a malformed id', () => 'not-a-uuid'],
  ])('answers 404 with the Japanese page for %s', async (_, id) => {
    const res = await metadata(id());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('この組織ではシングルサインオン（SSO）が設定されていません。');
    expect(res.body).not.toContain('EntityDescriptor');
  });
});

describe('the other public SSO URLs of an id of no company', () => {
  it.each([
    ['GET', 'login'],
    ['POST', 'acs'],
  ] as const)('%s …/%s answers the same 404 page as the metadata', async (method, path) => {
    const res = await app.inject({
      method,
      url: `/sso/${randomUUID()}/${path}`,
      ...(method === 'POST' && {
        payload: 'SAMLResponse=PHg%2B',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('この組織ではシングルサインオン（SSO）が設定されていません。');
  });
});
