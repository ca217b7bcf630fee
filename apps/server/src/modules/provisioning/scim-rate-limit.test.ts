/**
 * SCIM's rate limit is its own bucket per provisioning token: an IdP's sync that exhausts it is refused with
 * 429 in the SCIM error schema with Retry-After, while the console's requests from the same address go on,
 * and the other way round (docs/design.md §5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { makeToken } from '../../../test/support/scim.world.ts';

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_MAX = 4;
const API_MAX = 6;
/** The company's office and its IdP's connector behind one NAT address. */
const remoteAddress = '203.0.113.7';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let secrets: string[];

beforeAll(async () => {
  deps = await createTestDeps({
    env: { SCIM_REQUESTS_PER_MINUTE: String(SCIM_MAX), API_REQUESTS_PER_MINUTE: String(API_MAX) },
  });
  app = await buildApiApp(deps);
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  ({ headers } = await signIn(deps, admin));
  secrets = [];
  for (const name of ['Entra ID 本番', 'Entra ID 切替用']) {
    secrets.push(await makeToken(app, headers, name, '198.51.100.1'));
  }
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const scim = (secret: string) =>
  app.inject({
    method: 'GET',
    url: '/scim/v2/Users?count=1',
    headers: { authorization: `Bearer ${secret}` },
    remoteAddress,
  });
const console_ = (signedIn: boolean) =>
  app.inject({
    method: 'GET',
    url: signedIn ? '/me' : '/healthz',
    headers: signedIn ? headers : {},
    remoteAddress,
  });

describe('SCIM and the console do not share a rate limit', { timeout: 60_000 }, () => {
  it("an exhausted token's bucket answers 429 in SCIM's schema and leaves the console alone", async () => {
    for (let i = 0; i < SCIM_MAX; i++) expect((await scim(secrets[0]!)).statusCode).toBe(200);
    const refused = await scim(secrets[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      schemas: [ERROR],
      status: '429',
      detail: expect.stringContaining('リクエストが多すぎます') as unknown,
    });

    // The same address: the console, signed in or not, is answered.
    expect((await console_(true)).statusCode).toBe(200);
    expect((await console_(false)).statusCode).toBe(200);
    // Each token has its own bucket (rotation with overlap).
    expect((await scim(secrets[1]!)).statusCode).toBe(200);
  });

  it('an exhausted console bucket of the address leaves SCIM alone', async () => {
    let last = 0;
    for (let i = 0; i <= API_MAX; i++) last = (await console_(false)).statusCode;
    expect(last).toBe(429);
    expect((await scim(secrets[1]!)).statusCode).toBe(200);
  });
});
