import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch, buildApiUrl } from './api-client.ts';
import { filenameFromDisposition } from './api-transfer.ts';

const tokens = vi.hoisted(() => ({
  getToken: vi.fn(() => Promise.resolve('jwt-1')),
  clear: vi.fn(),
  peek: vi.fn(),
}));
vi.mock('./token-store.ts', () => ({ getTokenStore: () => tokens }));
vi.mock('./config.ts', () => ({
  getConfig: () => ({
    apiUrl: 'https://api.example',
    siteUrl: 'https://site.example',
    datadogClientToken: null,
    gtmId: null,
  }),
}));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.getToken.mockClear();
  tokens.clear.mockClear();
});

describe('apiFetch', () => {
  it('sends the Bearer token and validates the answer with the contract schema', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, { total: 3, extra: true })));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiFetch('/members', {
      query: { page: 2, keyword: '山田', groupId: undefined },
      schema: z.object({ total: z.number() }),
    });
    expect(result).toEqual({ total: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example/members?page=2&keyword=%E5%B1%B1%E7%94%B0');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer jwt-1');
  });

  it('parses the one error shape into ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(409, {
            error: {
              code: 'email_taken',
              message: 'このメールアドレスはすでに使われています。',
              requestId: 'r-1',
              details: [{ path: 'email', message: '使用済みです。' }],
            },
          }),
        ),
      ),
    );
    const error = await apiFetch('/users', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'email_taken',
      message: 'このメールアドレスはすでに使われています。',
      requestId: 'r-1',
      details: [{ path: 'email', message: '使用済みです。' }],
    });
  });

  it('gives a Japanese message for a body that is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'x-request-id': 'r-2' },
          }),
        ),
      ),
    );
    const error = await apiFetch('/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'internal', requestId: 'r-2' });
    expect((error as ApiError).message).toMatch(/サーバー/);
  });

  it('retries a 401 once with a fresh token', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(401, { error: { code: 'unauthenticated', message: 'x', requestId: 'r' } }),
      )
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/me')).resolves.toEqual({ ok: true });
    expect(tokens.clear).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects an answer that does not match the schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, { total: 'many' }))),
    );
    await expect(
      apiFetch('/members', { schema: z.object({ total: z.number() }) }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('a network failure is an ApiError too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('helpers', () => {
  it('builds urls with repeated keys for arrays', () => {
    expect(buildApiUrl('/x', { ids: ['a', 'b'], empty: '' }, 'https://api.example')).toBe(
      'https://api.example/x?ids=a&ids=b',
    );
  });
  it('reads Japanese file names from Content-Disposition', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="members.csv"; filename*=UTF-8''%E3%83%A1%E3%83%B3%E3%83%90%E3%83%BC.csv`,
      ),
    ).toBe('メンバー.csv');
    expect(filenameFromDisposition('attachment; filename="members.csv"')).toBe('members.csv');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
