/**
 * IP address restriction end to end on loopback (issue 34): a real API listening on 127.0.0.1, clients that
 * connect from 127.0.0.1 (allowed) and from 127.0.0.2 (refused, bound with `localAddress`), a forged
 * X-Forwarded-For from an untrusted client, and the trusted-proxy case through a real nginx from Debian's
 * packages (run as a non-daemon child with its own prefix, binding 127.0.0.5 towards the API, the one address
 * in TRUSTED_PROXIES) adding X-Forwarded-For. Skipped with the reason when /usr/sbin/nginx is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { saveRestriction } from '../../src/modules/ip-restriction/ip-restriction.repository.ts';

const NGINX = '/usr/sbin/nginx';
const PROXY_SOURCE = '127.0.0.5';

let deps: TestDeps;
let app: ApiApp;
let apiPort: number;
let headers: Record<string, string>;

beforeAll(async () => {
  deps = await createTestDeps({ env: { TRUSTED_PROXIES: PROXY_SOURCE } });
  app = await buildApiApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  apiPort = (app.server.address() as AddressInfo).port;
  const company = await makeCompany(deps, { name: '株式会社ループバック' });
  const member = await makeUser(deps, company.id, { name: '一般 花子' });
  headers = (await signIn(deps, member)).headers;
  await saveRestriction(
    deps.database.db,
    company.id,
    {
      console: { mode: 'enforce', ranges: [{ cidr: '127.0.0.1/32', memo: '本社' }] },
      scim: { mode: 'off', ranges: [] },
      sso: { mode: 'off', ranges: [] },
    },
    1,
    new Date(),
  );
}, 60_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Answer = { status: number; message: string };
/** GET /me on `port` from `from`, with extra headers; answers the status and the error's message. */
function call(port: number, from: string, extra: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/me',
        localAddress: from,
        headers: { ...headers, ...extra },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          const parsed = JSON.parse(body) as { error?: { message: string } };
          resolve({ status: res.statusCode ?? 0, message: parsed.error?.message ?? '' });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const refusedFor = (address: string) => ({
  status: 403,
  message: `この組織では、アクセスできるIPアドレスが制限されています。お使いのIPアドレス（${address}）からは利用できません。`,
});

describe('a real server on loopback', () => {
  it('serves the client from 127.0.0.1 and refuses the one bound to 127.0.0.2, naming it', async () => {
    expect((await call(apiPort, '127.0.0.1')).status).toBe(200);
    expect(await call(apiPort, '127.0.0.2')).toEqual(refusedFor('127.0.0.2'));
  });

  it('a forged X-Forwarded-For from an untrusted client changes nothing', async () => {
    expect(await call(apiPort, '127.0.0.2', { 'x-forwarded-for': '127.0.0.1' })).toEqual(
      refusedFor('127.0.0.2'),
    );
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!existsSync(NGINX))(`through nginx (${NGINX}) as the trusted proxy`, () => {
  let nginx: ChildProcess;
  let proxyPort: number;
  let prefix: string;

  beforeAll(async () => {
    prefix = mkdtempSync(path.join(os.tmpdir(), 'ip-nginx-'));
    mkdirSync(path.join(prefix, 'logs'));
    proxyPort = await freePort();
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://127.0.0.1:${apiPort};
      proxy_bind ${PROXY_SOURCE};
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    // Ready when the port answers.
    for (let i = 0; ; i += 1) {
      try {
        await call(proxyPort, '127.0.0.1');
        break;
      } catch (e) {
        if (i > 100 || nginx.exitCode !== null) {
          const log = existsSync(path.join(prefix, 'logs/error.log'))
            ? readFileSync(path.join(prefix, 'logs/error.log'), 'utf8')
            : '';
          throw new Error(`nginx did not start: ${stderr} ${log} ${String(e)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 30_000);
  afterAll(() => {
    nginx.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
  });

  it("reads the client's address from the proxy's X-Forwarded-For", async () => {
    expect((await call(proxyPort, '127.0.0.1')).status).toBe(200);
    expect(await call(proxyPort, '127.0.0.2')).toEqual(refusedFor('127.0.0.2'));
  });

  it('a client forging X-Forwarded-For through the proxy is still seen at its own address', async () => {
    // nginx appends the real peer: "127.0.0.1, 127.0.0.2"; only the proxy's own hop is believed.
    expect(await call(proxyPort, '127.0.0.2', { 'x-forwarded-for': '127.0.0.1' })).toEqual(
      refusedFor('127.0.0.2'),
    );
  });

  it('the proxy itself calling directly is not in the list', async () => {
    expect(await call(apiPort, PROXY_SOURCE)).toEqual(refusedFor(PROXY_SOURCE));
  });
});
