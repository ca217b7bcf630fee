import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { loggerOptions } from './log-redaction.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(loggerOptions(level), stream), lines };
}

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

describe('the request log', () => {
  it('writes no line per request at info by default, one at debug', async () => {
    for (const level of ['info', 'debug']) {
      const log = capture(level);
      const app = await buildApiApp({ ...deps, logger: log.logger });
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      await app.close();
      const requestLines = log.lines.filter((l) => l.msg === 'request completed');
      if (level === 'info') expect(requestLines).toEqual([]);
      else {
        expect(requestLines).toHaveLength(1);
        expect(requestLines[0]).toMatchObject({
          level: 20,
          req: { method: 'GET', url: '/healthz' },
          res: { statusCode: 200 },
        });
      }
    }
  });

  it('writes one line per request at info with LOG_REQUESTS=1', async () => {
    const log = capture('info');
    const env = { ...deps.env, LOG_REQUESTS: '1' as const };
    const app = await buildApiApp({ ...deps, env, logger: log.logger });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();
    expect(log.lines.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 30, res: { statusCode: 200 } }),
    ]);
  });
});
