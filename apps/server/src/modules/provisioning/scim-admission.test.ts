/**
 * A SCIM token has its own cap of requests in progress (SCIM_MAX_CONCURRENT_PER_TOKEN): past it the IdP is
 * answered 429 in the SCIM error schema with Retry-After at once, without waiting in the admission gate's line
 * or taking a place the console needs; and its requests with a body are counted against the token, not against
 * the address it shares with the office's admins.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ifMatchOf, ipRefusedMessage } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { provisioningLog } from '../../db/schema.ts';
import { MSG_TOO_MANY_AT_ONCE } from '../../lib/http/client-limits.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { makeToken } from '../../../test/support/scim.world.ts';
import { slowClient, type SlowClient } from '../../../test/support/slow-client.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const TOO_MANY = {
  schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
  status: '429',
  detail: MSG_TOO_MANY_AT_ONCE,
};

let deps: TestDeps;
let headers: Record<string, string>;
let secrets: string[];

beforeAll(async () => {
  deps = await createTestDeps({
    env: {
      API_MAX_CONCURRENT: '3',
      API_MAX_QUEUED: '1',
      API_QUEUE_WAIT_MS: '2000',
      SCIM_MAX_CONCURRENT_PER_TOKEN: '2',
      MAX_CONCURRENT_PER_ADDRESS: '2',
      // The slow bodies below must outlive the test, not be cut off with 408.
      BODY_GRACE_MS: '60000',
    },
  });
  const companyId = (await makeCompany(deps)).id;
  ({ headers } = await signIn(deps, await makeUser(deps, companyId, { roles: ['CompanyAdmin'] })));
  const app = await buildApiApp(deps);
  secrets = [];
  for (const name of ['Entra ID 本番', 'Entra ID 切替用']) {
    secrets.push(await makeToken(app, headers, name));
  }
  await app.close();
}, 180_000);
afterAll(async () => {
  await deps.cleanup();
});

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe('a SCIM token in the admission gate', { timeout: 60_000 }, () => {
  it("takes at most its cap of the gate's places: one more is refused at once and the console keeps its place", async () => {
    const app: ApiApp = await buildApiApp(deps);
    let open = 0;
    const releases: (() => void)[] = [];
    // Requests of token 0 that hold their place until released. The cap counts a token by the request alone
    // (its address and bearer), before the SCIM routes look the token up, so a route here holds like a slow one.
    app.get('/scim/v2/test/hold', { config: { isPublic: true } }, async () => {
      open++;
      await new Promise<void>((resolve) => releases.push(resolve));
      return { ok: true };
    });
    const hold = () =>
      app.inject({ method: 'GET', url: '/scim/v2/test/hold', headers: bearer(secrets[0]!) });
    const held = [hold(), hold()];
    while (open < 2) await new Promise((r) => setTimeout(r, 10));
    try {
      // A third would have taken the gate's last place (API_MAX_CONCURRENT 3).
      const third = await hold();
      const sync = await app.inject({
        method: 'GET',
        url: '/scim/v2/Users?count=1',
        headers: bearer(secrets[0]!),
      });
      const me = await app.inject({ method: 'GET', url: '/me', headers });
      const otherToken = await app.inject({
        method: 'GET',
        url: '/scim/v2/Users?count=1',
        headers: bearer(secrets[1]!),
      });

      for (const refused of [third, sync]) {
        expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([
          429,
          '1',
          TOO_MANY,
        ]);
        expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
      }
      expect(me.statusCode).toBe(200);
      expect(otherToken.statusCode).toBe(200);
      expect(open).toBe(2);
    } finally {
      for (const release of releases) release();
      await Promise.all(held);
    }
    // Its places are given back with the answers.
    const after = await app.inject({
      method: 'GET',
      url: '/scim/v2/Users?count=1',
      headers: bearer(secrets[0]!),
    });
    expect(after.statusCode).toBe(200);
    // The two refusals are lines of the provisioning log, naming the token (looked up by its hash).
    const refusals = () =>
      deps.database.db
        .select({
          tokenName: provisioningLog.tokenName,
          method: provisioningLog.method,
          resource: provisioningLog.resource,
          target: provisioningLog.target,
          detail: provisioningLog.detail,
        })
        .from(provisioningLog)
        .where(eq(provisioningLog.status, 429));
    await expect.poll(async () => (await refusals()).length, { timeout: 10_000 }).toBe(2);
    expect(await refusals()).toEqual(
      expect.arrayContaining(
        [
          { resource: 'test', target: 'hold' },
          { resource: 'Users', target: '' },
        ].map((r) => ({
          ...r,
          tokenName: 'Entra ID 本番',
          method: 'GET',
          detail: TOO_MANY.detail,
        })),
      ),
    );
    await app.close();
  });

  it("counts a SCIM body still arriving against the token, never against the office's address", async () => {
    const app: ApiApp = await buildApiApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The IdP's connector and the admins behind one address (MAX_CONCURRENT_PER_ADDRESS 2).
    const slow: SlowClient[] = [1, 2].map(() =>
      slowClient((app.server.address() as AddressInfo).port, {
        path: '/scim/v2/Users',
        contentType: 'application/scim+json',
        headers: bearer(secrets[0]!),
      }),
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      const scimPost = (secret: string, userName: string) =>
        fetch(`${base}/scim/v2/Users`, {
          method: 'POST',
          headers: { ...bearer(secret), 'content-type': 'application/scim+json' },
          body: JSON.stringify({
            schemas: [USER],
            userName,
            name: { familyName: '同時', givenName: '三' },
          }),
        });
      const third = await scimPost(secrets[0]!, 'third@example.test');
      const consolePost = await fetch(`${base}/users`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'console.admin.add@example.test',
          name: '画面 追加',
          furigana: null,
          organization: '',
          roles: [],
        }),
      });
      const otherToken = await scimPost(secrets[1]!, 'other.token@example.test');

      expect([third.status, third.headers.get('retry-after'), await third.json()]).toEqual([
        429,
        '1',
        TOO_MANY,
      ]);
      expect(third.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      expect(consolePost.status).toBe(201);
      expect(otherToken.status).toBe(201);
    } finally {
      for (const c of slow) c.stop();
      await app.close();
    }
  });

  it('a made-up token gains nothing by it: answered 401 before its body arrives, holding no place', async () => {
    const app: ApiApp = await buildApiApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    /** The status line the server answers while the body is still being sent a byte at a time. */
    const statusWhileSending = (secret: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.write(
          `POST /scim/v2/Users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/scim+json\r\n` +
            `Content-Length: 4000\r\nAuthorization: Bearer ${secret}\r\n\r\n{`,
        );
        const drip = setInterval(() => socket.writable && socket.write(' '), 200);
        const done = (fn: () => void) => {
          clearInterval(drip);
          socket.destroy();
          fn();
        };
        const timer = setTimeout(() => done(() => reject(new Error('no answer in 10 s'))), 10_000);
        socket.once('data', (chunk: Buffer) => {
          clearTimeout(timer);
          done(() => resolve(chunk.toString('utf8').split('\r\n')[0]!));
        });
        socket.on('error', () => {});
      });
    try {
      // More than the address's share (2), each under a token of its own.
      const lines = await Promise.all(
        [1, 2, 3].map((i) => statusWhileSending(`csscim_made-up-token-${i}`)),
      );
      expect(lines).toEqual(Array(3).fill('HTTP/1.1 401 Unauthorized'));
    } finally {
      await app.close();
    }
  });

  it("tells a client outside the token's address ranges only what the IP refusal tells it", async () => {
    const app: ApiApp = await buildApiApp(deps);
    const ranges = async (mode: 'enforce' | 'off') => {
      const read = await app.inject({ method: 'GET', url: '/company/ip_restriction', headers });
      const { version } = read.json<{ ipRestriction: { version: number } }>().ipRestriction;
      const off = { mode: 'off', ranges: [] };
      const saved = await app.inject({
        method: 'PUT',
        url: '/company/ip_restriction',
        headers: { ...headers, 'if-match': ifMatchOf(version) },
        payload: {
          console: off,
          sso: off,
          scim: mode === 'off' ? off : { mode, ranges: [{ cidr: '192.0.2.0/24', memo: 'IdP' }] },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    let open = 0;
    const releases: (() => void)[] = [];
    app.get('/scim/v2/test/hold-ip', { config: { isPublic: true } }, async () => {
      open++;
      await new Promise<void>((resolve) => releases.push(resolve));
      return { ok: true };
    });
    const request = (remoteAddress: string, url = '/scim/v2/Users?count=1') =>
      app.inject({ method: 'GET', url, headers: bearer(secrets[0]!), remoteAddress });
    await ranges('enforce');
    // What a client outside the ranges is told while the token is idle.
    const idle = await request('198.51.100.20');
    expect(idle.statusCode).toBe(403);
    // The IdP, inside the ranges, has the token's two places (SCIM_MAX_CONCURRENT_PER_TOKEN 2) in use.
    const held = [1, 2].map(() => request('192.0.2.10', '/scim/v2/test/hold-ip'));
    while (open < 2) await new Promise((r) => setTimeout(r, 10));
    try {
      const outside = await request('198.51.100.20');
      const inside = await request('192.0.2.11');
      // The same answer as when the token is idle: nothing says the token is live or busy.
      expect([outside.statusCode, outside.headers['retry-after'], outside.json()]).toEqual([
        403,
        undefined,
        idle.json(),
      ]);
      expect(outside.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '403',
        detail: ipRefusedMessage('198.51.100.20'),
      });
      expect(outside.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect([inside.statusCode, inside.json()]).toEqual([429, TOO_MANY]);
    } finally {
      for (const release of releases) release();
      await Promise.all(held);
      await ranges('off');
      await app.close();
    }
  });
});
