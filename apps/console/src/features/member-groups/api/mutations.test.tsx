import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { useCreateMemberGroup } from './mutations.ts';

type Options = { method?: string; query?: { type?: string }; body?: { name: string } };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options: Options) => Promise<unknown>>());
vi.mock('../../../lib/api-client.ts', () => ({ apiFetch }));

const group = (name: string, type: 0 | 1) => ({ id: crypto.randomUUID(), name, type });
let server = [group('すべてのメンバー', 1), group('営業部', 0)];

apiFetch.mockImplementation((_path, options) => {
  if (options.method === 'POST') {
    const created = group(options.body?.name ?? '', 0);
    server = [...server, created];
    return Promise.resolve({ memberGroup: created });
  }
  return Promise.resolve({
    memberGroups: options.query?.type === 'user' ? server.filter((g) => g.type === 0) : server,
  });
});

afterEach(() => vi.clearAllMocks());

describe('the shared member-group lists', () => {
  it('a group created on the member-groups page refreshes every feature’s list (members filter, bulk export filter)', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const all = renderHook(() => useMemberGroupList(), { wrapper });
    const userOnly = renderHook(() => useMemberGroupList({ type: 'user' }), { wrapper });
    await waitFor(() =>
      expect(userOnly.result.current.data?.memberGroups.map((g) => g.name)).toEqual(['営業部']),
    );
    expect(all.result.current.data?.memberGroups.map((g) => g.name)).toEqual([
      'すべてのメンバー',
      '営業部',
    ]);
    expect(apiFetch.mock.calls.map(([path, options]) => [path, options.query])).toEqual([
      ['/member_groups', {}],
      ['/member_groups', { type: 'user' }],
    ]);

    const create = renderHook(() => useCreateMemberGroup(), { wrapper });
    await act(() => create.result.current.mutateAsync({ name: '法務部', note: '' }));

    await waitFor(() =>
      expect(userOnly.result.current.data?.memberGroups.map((g) => g.name)).toEqual([
        '営業部',
        '法務部',
      ]),
    );
    expect(all.result.current.data?.memberGroups.map((g) => g.name)).toEqual([
      'すべてのメンバー',
      '営業部',
      '法務部',
    ]);
  });
});
