import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useMemberListQuery } from '../features/members/lib/list-query.ts';
import { useListQuery } from '../features/documents/lib/list-query.ts';
import { useAuditFilter } from '../features/audit-log/lib/filter.ts';
import { AuditFilters } from '../features/audit-log/components/audit-filters.tsx';

/** A route whose loader waits until the test lets it go: the route middleware on a slow machine. */
function slowRoute(element: React.ReactNode) {
  let release = () => {};
  const loader = () =>
    new Promise<null>((resolve) => {
      release = () => resolve(null);
    });
  return { route: { path: '/list', element, loader }, release: () => release() };
}

function MemberControls() {
  const { query, update } = useMemberListQuery();
  return (
    <>
      <p data-testid="shown">{query.keyword ?? ''}</p>
      <button onClick={() => update({ keyword: undefined })}>clear</button>
      <button onClick={() => update({ signIn: 'inactive90' })}>filter</button>
    </>
  );
}

function DocumentControls() {
  const { update } = useListQuery();
  return (
    <>
      <button onClick={() => update({ keyword: undefined })}>clear</button>
      <button onClick={() => update({ counterparty: '株式会社テスト' })}>filter</button>
      <button
        onClick={() => update({ keyword: undefined, amountFrom: undefined, amountTo: undefined })}
      >
        clear all
      </button>
      <button onClick={() => update({ keyword: '1000000' })}>search</button>
    </>
  );
}

function AuditControls() {
  const { filter, latest, setFilter } = useAuditFilter();
  return <AuditFilters filter={filter} latest={latest} onChange={setFilter} />;
}

async function clickAtOnce(element: React.ReactNode, start: string, first: string, second: string) {
  const { route, release } = slowRoute(element);
  const router = createMemoryRouter([route], { initialEntries: [start] });
  // The first render waits for the loader too.
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  await act(async () => release());
  await screen.findByText(first);
  // Both clicks land before the router has shown the first change.
  fireEvent.click(screen.getByText(first));
  fireEvent.click(screen.getByText(second));
  await act(async () => release());
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  return new URLSearchParams(router.state.location.search);
}

describe('a list change made while the one before is still on its way', () => {
  it('members: the cleared keyword stays cleared when a filter is picked at once', async () => {
    const search = await clickAtOnce(<MemberControls />, '/list?keyword=admin', 'clear', 'filter');
    expect(search.get('signIn')).toBe('inactive90');
    expect(search.has('keyword')).toBe(false);
  });

  it('documents: the cleared keyword stays cleared when a condition is added at once', async () => {
    const search = await clickAtOnce(<DocumentControls />, '/list?keyword=覚書', 'clear', 'filter');
    expect(search.get('counterparty')).toBe('株式会社テスト');
    expect(search.has('keyword')).toBe(false);
  });

  it('documents: 条件をクリア then a keyword searches the keyword alone', async () => {
    const search = await clickAtOnce(
      <DocumentControls />,
      '/list?keyword=覚書&amountFrom=1000000&amountTo=1000000',
      'clear all',
      'search',
    );
    expect([...search]).toEqual([['keyword', '1000000']]);
  });

  it('audit log: 条件をクリア then ログイン・認証を除く keeps nothing that was cleared', async () => {
    const search = await clickAtOnce(
      <AuditControls />,
      '/list?keyword=高橋&actorId=u1',
      '条件をクリア',
      'ログイン・認証を除く',
    );
    expect([...search.keys()]).toEqual(['category']);
  });
});
