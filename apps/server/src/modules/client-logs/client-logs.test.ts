import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { CLIENT_LOG_BODY_LIMIT, CLIENT_LOG_RATE_LIMIT } from './client-logs.routes.ts';
import { MAX_ENTRIES_PER_BATCH, parseLogBatch } from './client-logs.service.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';

type Line = {
  level: number;
  msg: string;
  source?: string;
  ip?: string;
  client?: Record<string, unknown>;
};

let deps: TestDeps;
let app: ApiApp;
const lines: Line[] = [];

beforeAll(async () => {
  deps = await createTestDeps();
  const logger = pino(
    { level: 'debug' },
    { write: (text: string) => void lines.push(JSON.parse(text) as Line) },
  );
  app = await buildApiApp({ ...deps, logger });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});
beforeEach(() => {
  lines.length = 0;
});

// What @datadog/browser-logs sends through its `proxy` option: text/plain, one JSON event per line.
const sdkEvent = (message: string, status = 'error') =>
  JSON.stringify({
    message,
    status,
    date: 1_700_000_000_000,
    service: 'cloudsign-console',
    origin: 'logger',
    view: { url: 'http://localhost:3000/company/members', referrer: '' },
    session: { id: 'abc' },
    error: {
      kind: 'TypeError',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at a.js:1:1',
    },
    _dd: { format: 'v1' },
  });

const post = (payload: string, ip = '10.0.0.1', contentType = 'text/plain;charset=UTF-8') =>
  app.inject({
    method: 'POST',
    url: '/client-logs?ddforward=%2Fapi%2Fv2%2Flogs%3Fddsource%3Dbrowser',
    headers: { 'content-type': contentType, origin: 'http://localhost:3000' },
    payload,
    remoteAddress: ip,
  });

const clientLines = () => lines.filter((l) => l.source === 'console');

describe('POST /client-logs', () => {
  it('accepts a proxied batch without a token and writes each entry to the server log', async () => {
    const res = await post(
      `${sdkEvent('gtm の設定に失敗しました。')}\n${sdkEvent('一覧を表示しました', 'info')}\n`,
    );
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const written = clientLines();
    expect(written.map((l) => [l.level, l.msg])).toEqual([
      [50, 'gtm の設定に失敗しました。'],
      [30, '一覧を表示しました'],
    ]);
    expect(written[0]!.ip).toBe('10.0.0.1');
    expect(written[0]!.client).toMatchObject({
      service: 'cloudsign-console',
      url: 'http://localhost:3000/company/members',
      sessionId: 'abc',
      error: { kind: 'TypeError', message: 'x is undefined' },
    });
  });

  it('masks secrets in the page address a browser reports', async () => {
    const event = sdkEvent('x').replace(
      'http://localhost:3000/company/members',
      'http://localhost:3000/password_setup/tok-secret?token=q-secret',
    );
    expect((await post(event, '10.0.0.9')).statusCode).toBe(202);
    expect(clientLines()[0]!.client!.url).toBe(
      'http://localhost:3000/password_setup/[redacted]?token=[redacted]',
    );
  });

  it('skips lines that are not JSON log events and still answers 202', async () => {
    const res = await post(`not json\n{"no":"message"}\n${sdkEvent('ok', 'warn')}`, '10.0.0.2');
    expect(res.statusCode).toBe(202);
    expect(clientLines().map((l) => [l.level, l.msg])).toEqual([[40, 'ok']]);
  });

  it('refuses a body over 256 KB with the error shape', async () => {
    const res = await post(sdkEvent('x'.repeat(CLIENT_LOG_BODY_LIMIT)), '10.0.0.3');
    expect([res.statusCode, res.json<unknown>()]).toEqual([
      413,
      {
        error: {
          code: 'payload_too_large',
          message: 'ファイルまたはリクエストが大きすぎます。',
          requestId: res.headers['x-request-id'],
        },
      },
    ]);
    expect(clientLines()).toEqual([]);
  });

  it('limits each IP to 60 batches a minute; other IPs are unaffected', async () => {
    const ip = '10.0.0.4';
    for (let i = 0; i < CLIENT_LOG_RATE_LIMIT.max; i += 1)
      expect((await post(sdkEvent(`n${i}`), ip)).statusCode).toBe(202);
    const limited = await post(sdkEvent('too many'), ip);
    expect([limited.statusCode, limited.json<unknown>()]).toEqual([
      429,
      {
        error: {
          code: 'rate_limited',
          message: 'リクエストが多すぎます。しばらく待ってからやり直してください。',
          requestId: limited.headers['x-request-id'],
        },
      },
    ]);
    expect((await post(sdkEvent('other'), '10.0.0.5')).statusCode).toBe(202);
    // The refused batch is not written; the other IP's is.
    const expected = [
      ...Array.from({ length: CLIENT_LOG_RATE_LIMIT.max }, (_, i) => `n${i}`),
      'other',
    ];
    expect(clientLines().map((l) => l.msg)).toEqual(expected);
  });

  it('keeps its text/plain parser to itself: a JSON route refuses a text body and writes nothing', async () => {
    // text/plain is what a cross-site form may send without a preflight: a JSON route must never read it as JSON.
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const { headers } = await signIn(deps, admin);
    const res = await app.inject({
      method: 'POST',
      url: '/member_groups',
      headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ name: '営業部' }),
    });
    expect([res.statusCode, res.json<unknown>()]).toEqual([
      400,
      {
        error: {
          code: 'validation_failed',
          message: '入力内容に誤りがあります。',
          details: [{ path: '', message: 'リクエストの形式が正しくありません。' }],
          requestId: res.headers['x-request-id'],
        },
      },
    ]);
    const list = await app.inject({ method: 'GET', url: '/member_groups?type=user', headers });
    expect([list.statusCode, list.json<unknown>()]).toEqual([200, { memberGroups: [], total: 0 }]);
  });
});

describe('parseLogBatch', () => {
  it('caps a batch and bounds long fields', () => {
    const many = Array.from({ length: MAX_ENTRIES_PER_BATCH + 5 }, (_, i) =>
      JSON.stringify({ message: `m${i}`, huge: 'y'.repeat(5000) }),
    );
    const { entries, dropped } = parseLogBatch(many.join('\n'));
    expect(entries).toHaveLength(MAX_ENTRIES_PER_BATCH);
    expect(dropped).toBe(5);
    expect(entries[0]!.status).toBe('info');
    expect(JSON.stringify(entries[0]!.context).length).toBeLessThan(2100);
  });
});
