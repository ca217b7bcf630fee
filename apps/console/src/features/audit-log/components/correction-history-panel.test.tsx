/**
 * 訂正削除履歴 as an auditor asks for it: the period typed as people type dates (令和, slashes), checked
 * before anything is sent, then the export job requested with the days and the chosen 文字コード.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../../testing/render.tsx';
import { CorrectionHistoryPanel } from './correction-history-panel.tsx';

type Options = { method?: string; body?: unknown };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options?: Options) => Promise<unknown>>());
vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiFetch,
}));
afterEach(() => vi.clearAllMocks());

const RUN = {
  id: '00000000-0000-4000-8000-0000000000aa',
  status: 1,
  processedRows: 0,
  totalRows: 0,
};

async function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  apiFetch.mockImplementation((path) =>
    Promise.resolve(path.endsWith('/correction_history') ? { manipulation: RUN } : RUN),
  );
  renderWithUi(
    <QueryClientProvider client={client}>
      <CorrectionHistoryPanel />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '訂正削除履歴（電子帳簿保存法）' }));
  return user;
}
const requests = () =>
  apiFetch.mock.calls.filter(([path]) => path.endsWith('/audit_events/correction_history'));

describe('<CorrectionHistoryPanel>', () => {
  it('sends the period typed in 令和 and with slashes as days, with the chosen 文字コード', async () => {
    const user = await open();
    await user.type(screen.getByLabelText('開始日'), '令和8年4月1日');
    await user.type(screen.getByLabelText('終了日'), '2026/4/30');
    await user.click(screen.getByRole('radio', { name: 'UTF-8（BOM 付き）' }));
    await user.click(screen.getByRole('button', { name: '訂正削除履歴を書き出す' }));
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]![1]).toMatchObject({
      method: 'POST',
      body: { from: '2026-04-01', to: '2026-04-30', encoding: 'utf8bom' },
    });
  });

  it('says which field is missing, wrong or reversed, and sends nothing', async () => {
    const user = await open();
    await user.click(screen.getByRole('button', { name: '訂正削除履歴を書き出す' }));
    expect(screen.getByText('開始日を入力してください。')).toBeInTheDocument();
    expect(screen.getByText('終了日を入力してください。')).toBeInTheDocument();

    await user.type(screen.getByLabelText('開始日'), '2026/2/30');
    await user.type(screen.getByLabelText('終了日'), '2026/1/1');
    await user.click(screen.getByRole('button', { name: '訂正削除履歴を書き出す' }));
    expect(screen.getByText('開始日にはありえない日付が入力されています。')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('開始日'));
    await user.type(screen.getByLabelText('開始日'), '2026/3/1');
    await user.click(screen.getByRole('button', { name: '訂正削除履歴を書き出す' }));
    expect(screen.getByText('開始日は終了日より前の日付にしてください。')).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });
});
