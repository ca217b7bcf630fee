import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithUi } from '../../testing/render.tsx';
import { LinkPagination } from './link-pagination.tsx';

const pager = (value: number) =>
  renderWithUi(
    <MemoryRouter>
      <LinkPagination total={3} value={value} hrefOf={(p) => `/list?page=${p}`} />
    </MemoryRouter>,
  );

describe("a list's pager", () => {
  it('is links to the pages, arrows named in Japanese', () => {
    pager(2);
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/list?page=3');
    expect(screen.getByRole('link', { name: '前のページ' })).toHaveAttribute(
      'href',
      '/list?page=1',
    );
    expect(screen.getByRole('link', { name: '次のページ' })).toHaveAttribute(
      'href',
      '/list?page=3',
    );
  });

  it('keeps an arrow that leads nowhere out of the tab order', () => {
    pager(1);
    const previous = screen.getByRole('link', { name: '前のページ' });
    expect(previous).toHaveAttribute('tabindex', '-1');
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('link', { name: '次のページ' })).not.toHaveAttribute('tabindex');
  });
});
