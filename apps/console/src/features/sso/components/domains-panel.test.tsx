import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSsoDomain } from '@cloudsign/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { renderWithUi } from '../../../testing/render.tsx';
import { DomainsPanel } from './domains-panel.tsx';

type Options = { method?: string; body?: unknown };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options?: Options) => Promise<unknown>>());
vi.mock('../../../lib/api-client.ts', () => ({ apiFetch }));
afterEach(() => vi.clearAllMocks());

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const domain = (id: string, name: string, verified: boolean): TSsoDomain => ({
  id,
  domain: name,
  status: verified ? 'verified' : 'unverified',
  verifiedAt: verified ? '2026-11-25T00:00:00.000Z' : null,
  txtName: `_cloudsign.${name}`,
  txtValue: `cloudsign-domain-verification=${id.slice(0, 8)}`,
});
const LIST = {
  domains: [domain(ID1, 'corp.example.co.jp', false), domain(ID2, 'example.jp', true)],
};

const renderPanel = () =>
  renderWithUi(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <DomainsPanel />
    </QueryClientProvider>,
  );

describe('SSO domains', () => {
  it('lists each domain with its state and the TXT record an unverified one needs', async () => {
    apiFetch.mockResolvedValue(LIST);
    renderPanel();
    const unverified = await screen.findByRole('article', { name: 'corp.example.co.jp' });
    expect(within(unverified).getByText('未確認')).toBeInTheDocument();
    const record = within(unverified).getByRole('table', {
      name: 'corp.example.co.jp に登録する TXT レコード',
    });
    expect(record).toHaveTextContent('_cloudsign.corp.example.co.jp');
    expect(record).toHaveTextContent('cloudsign-domain-verification=11111111');
    expect(within(unverified).getByRole('button', { name: '確認する' })).toBeInTheDocument();
    const verified = screen.getByRole('article', { name: 'example.jp' });
    expect(within(verified).getByText('確認済み')).toBeInTheDocument();
    expect(within(verified).queryByRole('table')).toBeNull();
    expect(within(verified).queryByRole('button', { name: '確認する' })).toBeNull();
  });

  it('offers to copy the TXT record’s host name and value, each named after its domain', async () => {
    apiFetch.mockResolvedValue(LIST);
    renderPanel();
    const record = await screen.findByRole('table', {
      name: 'corp.example.co.jp に登録する TXT レコード',
    });
    const copies = within(record).getAllByRole('button');
    expect(copies.map((b) => b.getAttribute('aria-label'))).toEqual([
      'corp.example.co.jp のホスト名をコピー',
      'corp.example.co.jp の値をコピー',
    ]);
  });

  it('「確認する」 asks the server and shows its Japanese refusal under the domain', async () => {
    const message =
      '_cloudsign.corp.example.co.jp に TXT レコード「cloudsign-domain-verification=11111111」が見つかりませんでした。DNS に登録し、反映されてからもう一度お試しください。';
    apiFetch.mockImplementation((path) =>
      path.endsWith('/verify')
        ? Promise.reject(new ApiError({ status: 409, code: 'invalid_state', message }))
        : Promise.resolve(LIST),
    );
    renderPanel();
    const row = await screen.findByRole('article', { name: 'corp.example.co.jp' });
    fireEvent.click(within(row).getByRole('button', { name: '確認する' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(message);
    expect(apiFetch).toHaveBeenCalledWith(
      `/sso_settings/domains/${ID1}/verify`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('adds a domain and shows a field refusal (a public mail domain) in Japanese', async () => {
    const message =
      '「gmail.com」は誰でもメールアドレスを作れる公開のメールサービスのドメインのため、登録できません。';
    apiFetch.mockImplementation((path, options) =>
      options?.method === 'POST'
        ? Promise.reject(
            new ApiError({
              status: 400,
              code: 'validation_failed',
              message: '入力内容に誤りがあります。',
              details: [{ path: 'domain', message }],
            }),
          )
        : Promise.resolve({ domains: [] }),
    );
    renderPanel();
    expect(await screen.findByText('ドメインはまだ登録されていません。')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'ドメインを追加' }), {
      target: { value: 'gmail.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    expect(apiFetch).toHaveBeenCalledWith(
      '/sso_settings/domains',
      expect.objectContaining({ method: 'POST', body: { domain: 'gmail.com' } }),
    );
  });
});
