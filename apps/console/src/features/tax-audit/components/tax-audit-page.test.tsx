/**
 * 税務調査対応 as a company admin uses it: a 課税期間 typed in 令和, checked before anything is sent; the count;
 * each search requirement linking to the document search of the period; the pack's job started with the
 * counted period and downloaded once done.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../../testing/render.tsx';
import { TaxAuditPage } from './tax-audit-page.tsx';

type Options = { method?: string; body?: unknown };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options?: Options) => Promise<unknown>>());
const apiDownload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiFetch,
}));
vi.mock('../../../lib/call-endpoint.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  downloadEndpoint: apiDownload,
}));
vi.mock('../../../lib/title.ts', () => ({ usePageTitle: () => '' }));
afterEach(() => vi.clearAllMocks());

const ID = '00000000-0000-4000-8000-0000000000aa';
const done = { id: ID, status: 6, processedRows: 12, totalRows: 12 };

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  apiFetch.mockImplementation((path) =>
    Promise.resolve(
      path.endsWith('/count')
        ? { documents: 12, corrections: 3 }
        : path === '/tax_audit_packs'
          ? { manipulation: { ...done, status: 5 } }
          : done,
    ),
  );
  renderWithUi(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TaxAuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}
const calls = (path: string) => apiFetch.mock.calls.filter(([p]) => p === path);

describe('<TaxAuditPage>', () => {
  it('counts a 課税期間 typed in 令和, links each search requirement, then packs and downloads', async () => {
    const user = open();
    expect(screen.getByRole('button', { name: 'ZIPファイルを作成' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: '開始日' }), '令和6年4月1日');
    await user.type(screen.getByRole('textbox', { name: '終了日' }), '令和7年3月31日');
    await user.type(screen.getByLabelText('取引先（部分一致）'), '北商事');
    await user.click(screen.getByRole('button', { name: '件数を確認' }));
    await screen.findByText('12件');
    expect(calls('/tax_audit_packs/count')[0]![1]).toMatchObject({
      method: 'POST',
      body: {
        period: { dateField: 'contractAt', from: '2024-04-01', to: '2025-03-31' },
        conditions: { counterparty: '北商事' },
      },
    });
    const list = screen.getByRole('list', { name: '検索要件' });
    const link = (name: string) => within(list).getByRole('link', { name }).getAttribute('href');
    expect(link('取引年月日その他の日付の範囲指定で検索する')).toBe(
      '/company/documents?contractAtFrom=2024-04-01&contractAtTo=2025-03-31',
    );
    expect(link('取引先による検索で検索する')).toBe(
      `/company/documents?contractAtFrom=2024-04-01&contractAtTo=2025-03-31&counterparty=${encodeURIComponent('北商事')}`,
    );
    // No amount typed: 詳細検索 opens with the period, to type the range there.
    expect(link('取引金額の範囲指定で検索する')).toBe(
      '/company/documents/search?contractAtFrom=2024-04-01&contractAtTo=2025-03-31',
    );

    await user.click(screen.getByRole('radio', { name: 'UTF-8（BOM 付き）' }));
    await user.click(screen.getByRole('button', { name: 'ZIPファイルを作成' }));
    await screen.findByText('ZIPファイルができました');
    expect(calls('/tax_audit_packs')[0]![1]).toMatchObject({
      body: {
        period: { dateField: 'contractAt', from: '2024-04-01', to: '2025-03-31' },
        conditions: { counterparty: '北商事' },
        encoding: 'utf8bom',
        nameRule: 'date_counterparty_amount_id',
      },
    });
    await user.click(screen.getByRole('button', { name: 'ZIPファイルをダウンロード' }));
    expect(apiDownload).toHaveBeenCalledWith(expect.objectContaining({ file: 'zip' }), {
      params: { id: ID },
    });
  });

  it('says what is wrong with the period in Japanese and sends nothing', async () => {
    const user = open();
    await user.click(screen.getByRole('button', { name: '件数を確認' }));
    expect(screen.getByText('課税期間の開始日を入力してください。')).toBeInTheDocument();
    expect(screen.getByText('課税期間の終了日を入力してください。')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '開始日' }), '令和7年2月30日');
    await user.type(screen.getByRole('textbox', { name: '終了日' }), '2024/4/1');
    await user.click(screen.getByRole('button', { name: '件数を確認' }));
    expect(screen.getByText('開始日にはありえない日付が入力されています。')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: '開始日' }));
    await user.type(screen.getByRole('textbox', { name: '開始日' }), '2025/4/1');
    await user.click(screen.getByRole('button', { name: '件数を確認' }));
    expect(
      screen.getByText('課税期間の終了日は開始日以降の日付を指定してください。'),
    ).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: '開始日' }));
    await user.type(screen.getByRole('textbox', { name: '開始日' }), '2023/4/1');
    await user.click(screen.getByRole('button', { name: '件数を確認' }));
    expect(
      screen.getByText('課税期間は1年以内で指定してください（終了日は開始日の1年後の前日まで）。'),
    ).toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
