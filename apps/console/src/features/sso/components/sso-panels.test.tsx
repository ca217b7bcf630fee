import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSsoResponse } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { CertificatesPanel } from './certificates-panel.tsx';
import { EnablePanel } from './enable-panel.tsx';

type Options = { method?: string; body?: unknown; ifMatch?: string };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options?: Options) => Promise<unknown>>());
vi.mock('../../../lib/api-client.ts', () => ({ apiFetch }));
afterEach(() => vi.clearAllMocks());

const cert = (n: number) => ({
  pem: `PEM-${n}`,
  subject: `CN=idp-${n}`,
  notAfter: `202${n}-04-01T00:00:00.000Z`,
  fingerprint: `AA:0${n}`,
});
const settings: NonNullable<TSsoResponse['settings']> = {
  idpEntityId: 'https://idp.example.test',
  idpSsoUrl: 'https://idp.example.test/sso',
  certificates: [cert(6)],
  emailAttribute: 'email',
  nameAttribute: 'displayName',
  organizationAttribute: 'department',
  jitEnabled: false,
  jitGroupIds: [],
  exceptionUserIds: [],
  lastTest: {
    at: '2026-11-25T00:00:00.000Z',
    ok: true,
    message: '接続できました。',
    attributes: [],
    email: 'admin@example.com',
    member: null,
  },
};
const sso: TSsoResponse = {
  sp: { entityId: 'e', acsUrl: 'a', metadataUrl: 'm', loginUrl: 'l', testUrl: 't' },
  enabled: false,
  jitAvailable: true,
  settings,
  version: 'v-read',
};

const renderIn = (ui: ReactElement) =>
  renderWithUi(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

describe('enabling SSO', () => {
  it('shows the impact in a dialog first and enables only when confirmed', async () => {
    apiFetch.mockImplementation((path) =>
      Promise.resolve(
        path === '/sso_settings/enable_preview'
          ? {
              members: 1234,
              exceptions: [{ id: 'u1', name: '管理 太郎', email: 'admin@example.com' }],
            }
          : { ...sso, enabled: true },
      ),
    );
    renderIn(<EnablePanel sso={sso} settings={settings} />);
    fireEvent.click(screen.getByRole('button', { name: 'SSO を有効にする' }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO を有効にしますか？' });
    expect(dialog).toHaveTextContent(
      '1,234名のメンバーが IdP でログインするようになり、パスワードでのログインは停止します。',
    );
    expect(dialog).toHaveTextContent('管理 太郎（admin@example.com）');
    expect(dialog).toHaveTextContent('企業設定の2要素認証は適用されません');
    expect(apiFetch.mock.calls.map(([p]) => p)).toEqual(['/sso_settings/enable_preview']);
    fireEvent.click(within(dialog).getByRole('button', { name: '有効にする' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(
        '/sso_settings/enabled',
        expect.objectContaining({ method: 'PUT', body: { enabled: true } }),
      ),
    );
  });

  it('cannot be confirmed without an exception admin, and waits for a successful test', async () => {
    apiFetch.mockResolvedValue({ members: 3, exceptions: [] });
    const { unmount } = renderIn(<EnablePanel sso={sso} settings={settings} />);
    fireEvent.click(screen.getByRole('button', { name: 'SSO を有効にする' }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO を有効にしますか？' });
    expect(dialog).toHaveTextContent('例外の管理者を1人以上選んで保存してから有効にしてください。');
    expect(within(dialog).getByRole('button', { name: '有効にする' })).toBeDisabled();
    unmount();
    renderIn(<EnablePanel sso={sso} settings={{ ...settings, lastTest: null }} />);
    expect(screen.getByRole('button', { name: 'SSO を有効にする' })).toBeDisabled();
    expect(screen.getByText('接続テストに成功すると有効にできます。')).toBeInTheDocument();
  });
});

describe('certificate rollover', () => {
  it('adds the new certificate next to the old one', async () => {
    apiFetch.mockResolvedValue(sso);
    renderIn(<CertificatesPanel certificates={[cert(6)]} version="v-read" />);
    expect(screen.queryByRole('button', { name: /を削除$/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '新しい証明書を追加（PEM）' }), {
      target: { value: 'NEW-PEM' },
    });
    fireEvent.click(screen.getByRole('button', { name: '証明書を追加' }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(
        '/sso_settings/certificates',
        expect.objectContaining({
          method: 'PUT',
          body: { certificates: ['PEM-6', 'NEW-PEM'] },
          // The version of the settings the panel shows.
          ifMatch: '"v-read"',
        }),
      ),
    );
  });

  it('removes the old one and keeps the other', async () => {
    apiFetch.mockResolvedValue(sso);
    renderIn(<CertificatesPanel certificates={[cert(6), cert(7)]} version="v-read" />);
    expect(screen.queryByRole('textbox', { name: '新しい証明書を追加（PEM）' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^CN=idp-6（有効期限 .+）を削除$/ }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(
        '/sso_settings/certificates',
        expect.objectContaining({
          method: 'PUT',
          body: { certificates: ['PEM-7'] },
          ifMatch: '"v-read"',
        }),
      ),
    );
  });
});
