import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAuditEvent } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { AuditEventList } from './audit-event-list.tsx';

const signIn = (id: string, details: Record<string, unknown>): TAuditEvent => ({
  id,
  seq: 1,
  occurredAt: '2026-11-27T15:04:00.000Z',
  actor: { id: null, name: '監査 次郎', email: 'kansa@example.test' },
  ip: '',
  userAgent: '',
  requestId: '',
  action: 'auth.signIn',
  actionLabel: 'ログイン',
  category: 'auth',
  target: { type: 'member', id: '', name: '監査 次郎' },
  details,
});

describe('<AuditEventList>', () => {
  it('marks a privileged SSO sign-in right after an SSO change 要確認, and only that one', () => {
    renderWithUi(
      <AuditEventList
        events={[
          signIn('6f1c1b52-8a8e-4f61-9a57-0c6f1f3e2d11', {
            method: 'sso',
            flag: 'signInAfterSsoChange',
            ssoChangedAt: '2026-11-27T14:00:00.000Z',
            roles: ['CompanyAuditor'],
          }),
          signIn('6f1c1b52-8a8e-4f61-9a57-0c6f1f3e2d12', { method: 'sso' }),
        ]}
      />,
    );
    const flagged = screen.getByRole('button', { name: '2026/11/28 00:04 ログイン 要確認' });
    expect(within(flagged).getByText('要確認')).toBeVisible();
    const plain = screen.getByRole('button', { name: '2026/11/28 00:04 ログイン' });
    expect(within(plain).queryByText('要確認')).toBeNull();
  });

  it('reads an opened event in words, the raw user agent one click away', async () => {
    const ua =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    renderWithUi(
      <AuditEventList
        events={[
          {
            ...signIn('6f1c1b52-8a8e-4f61-9a57-0c6f1f3e2d13', {
              target: 'members',
              kind: 1,
              counts: { add: 25 },
            }),
            userAgent: ua,
            action: 'bulk.executed',
            actionLabel: '一括処理の実行',
            category: 'bulk',
          },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '2026/11/28 00:04 一括処理の実行' }));
    const detail = screen.getByTestId('audit-event-detail');
    expect(within(detail).getByText('一括追加')).toBeInTheDocument();
    expect(within(detail).getByText('追加 25名')).toBeInTheDocument();
    expect(within(detail).getByText(/Chrome 156（Linux）/)).toBeInTheDocument();
    expect(within(detail).queryByText(ua)).toBeNull();
    await userEvent.click(
      within(detail).getByRole('button', { name: 'ユーザーエージェントを表示', hidden: true }),
    );
    expect(within(detail).getByText(ua)).toBeInTheDocument();
  });
});
