/**
 * The drawer's パスワード再設定メールを送る as the admin meets it: offered to a member who may use a password,
 * and disabled, with the reason under the buttons, for one whose company signs him in by SSO only (the API
 * would refuse it).
 */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMemberDetail } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { MemberActionButtons } from './member-action-buttons.tsx';

const member = (extra: Partial<TMemberDetail>) =>
  ({
    id: '00000000-0000-4000-8000-000000000002',
    email: 'hanako@example.com',
    name: '一般 花子',
    status: 1,
    mfa: 0,
    roles: [],
    groups: [],
    ...extra,
  }) as unknown as TMemberDetail;

function renderButtons(m: TMemberDetail) {
  const onConfirm = vi.fn();
  renderWithUi(
    <MemberActionButtons member={m} isSelf={false} onEdit={vi.fn()} onConfirm={onConfirm} />,
  );
  return onConfirm;
}

const resetButton = () => screen.getByRole('button', { name: 'パスワード再設定メールを送る' });

describe('パスワード再設定メールを送る', () => {
  it('asks for the reset of a member who may use a password', async () => {
    const onConfirm = renderButtons(member({ isPasswordAllowed: true }));
    await userEvent.click(resetButton());
    expect(onConfirm).toHaveBeenCalledWith('reset');
    expect(screen.queryByText(/パスワード再設定メールは送れません/)).toBeNull();
  });

  it('is disabled for a member who signs in by SSO only, and says why', async () => {
    const onConfirm = renderButtons(member({ isPasswordAllowed: false }));
    expect(resetButton()).toBeDisabled();
    expect(
      screen.getByText(
        'この組織ではシングルサインオン（SSO）でログインするため、パスワード再設定メールは送れません。',
      ),
    ).toBeVisible();
    await userEvent.click(resetButton(), { pointerEventsCheck: 0 });
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
