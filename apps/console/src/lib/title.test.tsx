import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { formatTitle, usePageTitle } from './title.ts';

describe('formatTitle (spec §1)', () => {
  it('uses the template with a title', () =>
    expect(formatTitle('メンバー')).toBe('メンバー | クラウドサイン'));
  it('is just the product name without one', () => {
    expect(formatTitle()).toBe('クラウドサイン');
    expect(formatTitle('  ')).toBe('クラウドサイン');
    expect(formatTitle(null)).toBe('クラウドサイン');
  });
});

function Page({ name }: { name?: string }) {
  usePageTitle(name);
  return null;
}

describe('usePageTitle', () => {
  it("uses the route table's title, and a detail page's object name when given", async () => {
    const router = createMemoryRouter(
      [
        { path: '/cabinets', handle: { title: 'キャビネット' }, element: <Page /> },
        {
          path: '/cabinets/:id',
          handle: { title: 'キャビネット' },
          element: <Page name="契約書保管庫" />,
        },
      ],
      { initialEntries: ['/cabinets'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(document.title).toBe('キャビネット | クラウドサイン'));
    await router.navigate('/cabinets/1');
    await waitFor(() => expect(document.title).toBe('契約書保管庫 | クラウドサイン'));
  });
});
