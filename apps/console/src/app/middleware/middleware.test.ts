import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { RouterContextProvider } from 'react-router';
import type { TCurrentUser } from '@cloudsign/contract';
import { ApiError } from '../../lib/api-error.ts';
import { FatalError } from '../../lib/fatal-error.ts';
import { browserNavigation } from '../../lib/navigation.ts';
import { MIDDLEWARE, middlewareLoader, resolveMiddleware } from './index.ts';

const answer = vi.hoisted(() => ({ current: (): Promise<unknown> => Promise.resolve(null) }));
vi.mock('../../lib/current-user.ts', () => ({
  meQueryOptions: () => ({ queryKey: ['me'], queryFn: () => answer.current(), retry: false }),
}));
vi.mock('../../lib/config.ts', () => ({
  getConfig: () => ({
    siteUrl: 'https://site.example',
    apiUrl: 'https://api.example',
    datadogClientToken: null,
    gtmId: null,
  }),
}));

const user = (
  plan: TCurrentUser['company']['plan'],
  roles: TCurrentUser['roles'] = ['CompanyAdmin'],
): TCurrentUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: '管理 花子',
  email: 'hanako@example.test',
  status: 1,
  organization: '',
  roles,
  mfa: 2,
  theme: 'cloudsign',
  company: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'A社',
    plan,
    documentApproval: 1,
    auditLog: true,
    documentImport: true,
    isEnabledFederatedIdentity: false,
    mfa: 1,
  },
});

const run = (names: string[], url: string) =>
  middlewareLoader(
    names,
    new QueryClient(),
    () => 'page',
  )({
    request: new Request(url),
    url: new URL(url),
    pattern: '',
    params: {},
    context: new RouterContextProvider(),
  });

/** Resolves to 'pending' when the loader neither settles nor fails (a full-page navigation started). */
const settleOrPending = (promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('pending'), 30))]);

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

describe('named route middleware (docs/design.md §6)', () => {
  it('resolves the four names', () => {
    for (const name of ['auth', 'enterprise', 'normalizeMembersUrl', 'normalizeDocumentsUrl']) {
      expect(resolveMiddleware(name)).toBe(MIDDLEWARE[name as keyof typeof MIDDLEWARE]);
    }
  });
  it("throws 'Unknown route middleware' for any other name", () => {
    expect(() => resolveMiddleware('admin')).toThrow(new Error('Unknown route middleware'));
    expect(() => resolveMiddleware('toString')).toThrow('Unknown route middleware');
    expect(() => middlewareLoader(['auth', 'nope'], new QueryClient())).toThrow(
      'Unknown route middleware',
    );
  });
});

describe('auth (spec §6, §8)', () => {
  it('lets a signed-in user through', async () => {
    answer.current = () => Promise.resolve(user('enterprise'));
    await expect(run(['auth'], 'http://localhost/cabinets')).resolves.toBe('page');
  });

  it.each([
    ['no user', () => Promise.resolve(null)],
    [
      '401',
      () => Promise.reject(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' })),
    ],
    ['403', () => Promise.reject(new ApiError({ status: 403, code: 'forbidden', message: 'x' }))],
  ])('%s → the site login page with return_to', async (_name, fetchUser) => {
    answer.current = fetchUser;
    expect(await settleOrPending(run(['auth'], 'http://localhost/company/members?page=2'))).toBe(
      'pending',
    );
    expect(assign).toHaveBeenCalledWith(
      'https://site.example/login?return_to=%2Fcompany%2Fmembers%3Fpage%3D2',
    );
  });

  it('a session the site accepts but the api refuses: one trip to login, then fatal 401, no loop', async () => {
    answer.current = () =>
      Promise.reject(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' }));
    // First refusal: to the login page (the site sends a live session straight back).
    expect(await settleOrPending(run(['auth'], 'http://localhost/cabinets'))).toBe('pending');
    expect(assign).toHaveBeenCalledTimes(1);
    // Back again and refused again: the error page with ログアウト instead of another trip.
    const error = await run(['auth'], 'http://localhost/cabinets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalError);
    expect(error).toMatchObject({
      status: 401,
      statusMessage:
        'ログイン状態を確認できませんでした。お手数ですが、ログアウトしてから、もう一度ログインしてください。',
    });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a user loaded after a trip to login clears the guard', async () => {
    answer.current = () =>
      Promise.reject(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' }));
    await settleOrPending(run(['auth'], 'http://localhost/cabinets'));
    answer.current = () => Promise.resolve(user('enterprise'));
    await expect(run(['auth'], 'http://localhost/cabinets')).resolves.toBe('page');
    answer.current = () =>
      Promise.reject(new ApiError({ status: 401, code: 'unauthenticated', message: 'x' }));
    expect(await settleOrPending(run(['auth'], 'http://localhost/cabinets'))).toBe('pending');
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('any other failure → fatal 403', async () => {
    answer.current = () =>
      Promise.reject(new ApiError({ status: 500, code: 'internal', message: 'x' }));
    const error = await run(['auth'], 'http://localhost/cabinets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FatalError);
    expect(error).toMatchObject({ status: 403, statusMessage: null });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('enterprise (spec §5)', () => {
  it('lets an enterprise company through', async () => {
    answer.current = () => Promise.resolve(user('enterprise'));
    await expect(
      run(
        ['auth', 'enterprise'],
        'http://localhost/company/documents/attributes/bulk_manipulations',
      ),
    ).resolves.toBe('page');
  });
  it('answers other plans with the error page saying the feature is for the enterprise plan', async () => {
    answer.current = () => Promise.resolve(user('business'));
    const error = await run(
      ['auth', 'enterprise'],
      'http://localhost/company/documents/attributes/bulk_manipulations',
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      statusMessage:
        '書類情報の一括編集はエンタープライズプランの機能です。ご契約中のプランではご利用いただけません。',
    });
  });
});

describe('URL normalisation (docs/design.md §6)', () => {
  const redirectOf = async (names: string[], url: string) => {
    const result = await run(names, url).catch((e: unknown) => e);
    if (!(result instanceof Response)) return null;
    return {
      location: result.headers.get('Location'),
      replace: result.headers.get('X-Remix-Replace'),
    };
  };

  it('drops invalid and default values, orders the keys, and replaces the URL', async () => {
    expect(
      await redirectOf(
        ['normalizeMembersUrl'],
        'http://localhost/company/members?sort=name&role=Boss&keyword=%20%E5%B1%B1%E7%94%B0%20&page=2&x=1',
      ),
    ).toEqual({
      location: '/company/members?page=2&keyword=%E5%B1%B1%E7%94%B0',
      replace: 'true',
    });
    expect(
      await redirectOf(['normalizeMembersUrl'], 'http://localhost/company/members?page=1'),
    ).toEqual({ location: '/company/members', replace: 'true' });
  });

  it('leaves a canonical URL alone', async () => {
    await expect(
      run(['normalizeMembersUrl'], 'http://localhost/company/members?page=3&mfa=2&sort=-email'),
    ).resolves.toBe('page');
    await expect(
      run(['normalizeDocumentsUrl'], 'http://localhost/company/documents'),
    ).resolves.toBe('page');
  });

  it('normalises the documents URL including date and amount ranges', async () => {
    expect(
      await redirectOf(
        ['normalizeDocumentsUrl'],
        'http://localhost/company/documents/search?amountTo=5000&contractAtFrom=2024-01-01&perPage=50&status=2&contractAtTo=2024-13-01&cabinetId=bad',
      ),
    ).toEqual({
      location: '/company/documents/search?status=2&contractAtFrom=2024-01-01&amountTo=5000',
      replace: 'true',
    });
  });
});
