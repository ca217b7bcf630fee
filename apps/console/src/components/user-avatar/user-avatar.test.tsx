import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render.tsx';
import { UserAvatar } from './user-avatar.tsx';

describe('<UserAvatar>', () => {
  it('shows the first letter of an ordinary name and no icon', () => {
    renderWithUi(<UserAvatar name="管理 太郎" color="blue" />);
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar).toHaveTextContent(/^管$/);
    expect(avatar.querySelector('svg')).toBeNull();
  });

  it('reads 一 followed by more of the name as two letters, not as a dash', () => {
    renderWithUi(<UserAvatar name="一ノ瀬 蓮" color="blue" />);
    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^一ノ$/);
  });

  it.each(['ー', '一', ''])('shows a person icon, not a lone dash, for %j', (name) => {
    renderWithUi(<UserAvatar name={name} color="blue" />);
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar).toHaveTextContent(/^$/);
    expect(avatar.querySelector('svg')).not.toBeNull();
  });
});
