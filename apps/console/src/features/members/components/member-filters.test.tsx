/**
 * The member list's 作成元 filter as an admin uses it: the choice goes to the list state (and so the URL), a
 * link's value shows as chosen, and clearing it drops the condition.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMemberListQuery } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { meKeys } from '../../../lib/current-user.ts';
import { memberListHref } from '../lib/list-query.ts';
import { MemberFilters } from './member-filters.tsx';

const apiFetch = vi.hoisted(() => vi.fn(() => Promise.resolve({ memberGroups: [], total: 0 })));
vi.mock('../../../lib/api-client.ts', () => ({ apiFetch }));
afterEach(() => vi.clearAllMocks());

function renderFilters(query: TMemberListQuery) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meKeys.all, {
    id: '00000000-0000-4000-8000-000000000001',
    name: '管理 太郎',
    roles: ['CompanyAdmin'],
    company: { documentApproval: 1 },
  });
  const onChange = vi.fn<(patch: Partial<TMemberListQuery>) => void>();
  renderWithUi(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemberFilters query={query} onChange={onChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onChange;
}

describe('作成元 filter', () => {
  it('chooses SCIM: the list state gets source=scim', async () => {
    const onChange = renderFilters({ signIn: 'inactive90' });
    await userEvent.click(screen.getByRole('textbox', { name: '作成元' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SCIM', hidden: true }));
    expect(onChange).toHaveBeenCalledWith({ source: 'scim' });
    expect(memberListHref({ signIn: 'inactive90', source: 'scim' })).toBe(
      '/company/members?signIn=inactive90&source=scim',
    );
  });

  it('shows the value of a link, and the search form carries it along with the keyword', () => {
    renderFilters({ source: 'sso' });
    expect(screen.getByRole('textbox', { name: '作成元' })).toHaveValue('SSO');
    const hidden = document.querySelector<HTMLInputElement>(
      'form[role="search"] input[name="source"]',
    );
    expect(hidden?.value).toBe('sso');
  });

  it('a value the contract does not know is dropped from the URL', () => {
    expect(memberListHref({ source: 'ldap' as TMemberListQuery['source'] })).toBe(
      '/company/members',
    );
  });
});
