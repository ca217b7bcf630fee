import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../../testing/render.tsx';
import { BackupCodes } from './backup-codes.tsx';

const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

afterEach(() => vi.restoreAllMocks());

describe('<BackupCodes>', () => {
  it('lists the codes once, offers them as a text file, and 印刷 prints them', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithUi(<BackupCodes email="taro@example.com" codes={CODES} />);
    const list = screen.getByRole('list', { name: 'バックアップコード' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(CODES);
    // The printed region names the account the codes belong to.
    expect(list.closest('[data-print-only]')).toHaveTextContent(
      'クラウドサイン 2要素認証のバックアップコード（taro@example.com）',
    );
    const download = screen.getByRole('link', { name: 'テキストファイルでダウンロード' });
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain('bbbb-2222');
    await userEvent.click(screen.getByRole('button', { name: '印刷' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
