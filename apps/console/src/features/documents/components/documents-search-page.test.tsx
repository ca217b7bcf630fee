/**
 * 詳細検索 reopened from the list: amounts and days read as the list shows them (1,000,000, 2026/11/01), not as
 * the URL holds them (1000000, 2026-11-01), and what a person types there (令和, full width, 万) still applies.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { renderWithUi } from '../../../testing/render.tsx';
import { DocumentsSearchPage } from './documents-search-page.tsx';

vi.mock('../../../lib/title.ts', () => ({ usePageTitle: () => '' }));
vi.mock('../../../lib/shared-reads/cabinets.ts', () => ({
  useCabinetChoices: () => ({ data: [] }),
}));
vi.mock('../api/attribute-options.ts', () => ({ useAttributeOptions: () => ({ data: [] }) }));

function ListProbe() {
  const { search } = useLocation();
  return <output data-testid="list-search">{search}</output>;
}

function renderSearch(search: string) {
  // The console's data router: the list's URL state waits on the route's middleware.
  const router = createMemoryRouter(
    [
      { path: '/company/documents/search', element: <DocumentsSearchPage /> },
      { path: '/company/documents', element: <ListProbe /> },
    ],
    { initialEntries: [`/company/documents/search${search}`] },
  );
  renderWithUi(<RouterProvider router={router} />);
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('詳細検索 reopened', () => {
  it('shows the amount with commas and the days with slashes, as the list shows them', () => {
    renderSearch('?contractAtFrom=2026-11-01&contractAtTo=2026-11-30&amountFrom=1000000');
    expect(field('取引金額（円以上）')).toHaveValue('1,000,000');
    expect(field('契約締結日（から）')).toHaveValue('2026/11/01');
    expect(field('契約締結日（まで）')).toHaveValue('2026/11/30');
    expect(field('取引金額（円以下）')).toHaveValue('');
  });

  it('searching again unchanged asks for the same conditions', async () => {
    renderSearch('?contractAtFrom=2026-11-01&amountFrom=1000000');
    fireEvent.click(screen.getByRole('button', { name: 'この条件で検索' }));
    expect(await screen.findByTestId('list-search')).toHaveTextContent(
      '?contractAtFrom=2026-11-01&amountFrom=1000000',
    );
  });

  it('takes 令和, full-width digits and 万 typed over the shown values', async () => {
    renderSearch('?contractAtFrom=2026-11-01&amountFrom=1000000');
    const user = userEvent.setup();
    await user.clear(field('契約締結日（まで）'));
    await user.type(field('契約締結日（まで）'), '令和８年１１月３０日');
    await user.type(field('取引金額（円以下）'), '２００万円');
    await user.click(screen.getByRole('button', { name: 'この条件で検索' }));
    expect(await screen.findByTestId('list-search')).toHaveTextContent(
      '?contractAtFrom=2026-11-01&contractAtTo=2026-11-30&amountFrom=1000000&amountTo=2000000',
    );
  });
});

describe('詳細検索: 取引先 and 未入力', () => {
  it('puts 取引先, its exact match and the 未入力 items in the list URL', async () => {
    renderSearch('');
    const user = userEvent.setup();
    await user.type(field('取引先'), '髙橋製作所');
    await user.click(screen.getByRole('checkbox', { name: '完全一致（名称全体が同じもの）' }));
    await user.click(screen.getByRole('checkbox', { name: '取引金額が未入力' }));
    await user.click(screen.getByRole('checkbox', { name: '契約締結日が未入力' }));
    await user.click(screen.getByRole('button', { name: 'この条件で検索' }));
    expect(await screen.findByTestId('list-search')).toHaveTextContent(
      `?counterparty=${encodeURIComponent('髙橋製作所')}&counterpartyMatch=exact&blank=contractAt%2Camount`,
    );
  });

  it('reopened, shows them checked and filled', () => {
    renderSearch('?counterparty=%E9%AB%98%E6%A9%8B&blank=amount');
    expect(field('取引先')).toHaveValue('高橋');
    expect(
      screen.getByRole('checkbox', { name: '完全一致（名称全体が同じもの）' }),
    ).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '取引金額が未入力' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '管理番号が未入力' })).not.toBeChecked();
  });
});
