/**
 * The API reference (docs/design.md §1: "OpenAPI at /openapi.json with a reference page at /docs") is public:
 * anyone may read it, without a token, with every asset the page loads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

describe('the API reference without a token', () => {
  it('/docs answers the Swagger UI page', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="swagger-ui"></div>');
  });

  it.each([
    ['/docs/static/swagger-ui.css', 'text/css'],
    ['/docs/static/swagger-ui-bundle.js', 'application/javascript'],
    ['/docs/static/swagger-initializer.js', 'application/javascript'],
    ['/docs/json', 'application/json'],
  ])('%s, which the page loads, answers 200 (%s)', async (url, type) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain(type);
  });

  it('/docs/json lists the operations of /openapi.json', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const openapi = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(Object.keys(openapi.paths));
    expect(Object.keys(doc.paths)).toContain('/me');
  });

  it('the operations themselves still need a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/me' });
    expectError(res, 'unauthenticated');
  });
});
