import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useMemberListQuery } from '../features/members/lib/list-query.ts';
import { useListQuery } from '../features/documents/lib/list-query.ts';

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

async function clickAtOnce(element: React.ReactNode, start: string, first: string, second: string) {
  const { route, release } = slowRoute(element);
  const router = createMemoryRouter([route], { initialEntries: [start] });
  // The first render waits for the loader too.
  render(<RouterProvider router={router} />);
  await act(async () => release());
  await screen.findByText('clear');
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
});
