import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentEndpoints, meEndpoints, memberEndpoints } from '@cloudsign/contract';
import { callEndpoint } from './call-endpoint.ts';

vi.mock('./token-store.ts', () => ({
  getTokenStore: () => ({
    getToken: () => Promise.resolve('jwt-1'),
    clear: vi.fn(),
    peek: vi.fn(),
  }),
}));
vi.mock('./config.ts', () => ({
  getConfig: () => ({ apiUrl: 'https://api.example', siteUrl: 'https://site.example' }),
}));

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown) =>
  vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    ),
  );

describe('callEndpoint', () => {
  it('sends the query the entry’s schema names, numbers as the URL carries them', async () => {
    const fetchMock = answer({ members: [], total: 0, memberCount: 0, page: 1, perPage: 50 });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(memberEndpoints.find, {
      query: { page: 2, keyword: '青木', sort: 'match' },
    }).catch(() => undefined);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('https://api.example/members?page=2&keyword=%E9%9D%92%E6%9C%A8&sort=match');
  });

  it('types each entry’s query from its schema: misspelt or unlisted values do not compile', async () => {
    // Never run: `tsc` (npm run typecheck) fails if one of these lines stops being an error.
    const refused = () => [
      // @ts-expect-error a misspelt filter is not a field of GET /members's query
      callEndpoint(memberEndpoints.find, { query: { pgae: 2 } }),
      // @ts-expect-error a sort the schema does not list
      callEndpoint(memberEndpoints.find, { query: { sort: 'shoe-size' } }),
      // @ts-expect-error GET /me takes no query
      callEndpoint(meEndpoints.get, { query: { page: 1 } }),
    ];
    void refused;
    const fetchMock = answer({ documents: [], total: 0 });
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(documentEndpoints.find, { query: { page: 3, keyword: '契約' } }).catch(
      () => undefined,
    );
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('https://api.example/documents?page=3&keyword=%E5%A5%91%E7%B4%84');
  });
});
