import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_OPTIONS } from './compression.ts';

const rows = Array.from({ length: 2000 }, (_, i) => `メンバー${i},member${i}@example.com\r\n`);
const app = Fastify();

beforeAll(async () => {
  await app.register(compress, COMPRESS_OPTIONS);
  app.get('/members.json', async () => ({ members: rows }));
  app.get('/members.csv', async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send(Readable.from(rows)),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('response compression', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses JSON and streamed CSV with %s when asked', async (encoding, decode) => {
    for (const url of ['/members.json', '/members.csv']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(rows.join('')) / 3);
      const text = decode(res.rawPayload).toString('utf8');
      if (url.endsWith('.csv')) expect(text).toBe(rows.join(''));
      else expect(JSON.parse(text)).toEqual({ members: rows });
    }
  });

  it('answers plain bodies to a client that does not ask', async () => {
    const res = await app.inject({
      url: '/members.csv',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(rows.join(''));
  });
});
