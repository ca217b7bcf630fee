import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithUi } from '../../testing/render.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { QueryFallback } from './query-fallback.tsx';

const failed = (status: number, message: string) =>
  new ApiError({
    status,
    code: status === 404 ? 'not_found' : 'internal',
    message,
    requestId: null,
  });

describe('what a panel shows until its read succeeds', () => {
  it('a spinner named 読み込み中 while the read is pending', () => {
    renderWithUi(<QueryFallback query={{ isError: false, error: null, refetch: vi.fn() }} />);
    expect(screen.getByLabelText('読み込み中')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a server failure says so and offers 再試行, which reads again', async () => {
    const refetch = vi.fn();
    renderWithUi(<QueryFallback query={{ isError: true, error: failed(500, 'x'), refetch }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('サーバーでエラーが発生しました。');
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('a missing thing is named from the context, with the way back and no 再試行', () => {
    renderWithUi(
      <MemoryRouter>
        <QueryFallback
          query={{ isError: true, error: failed(404, 'not found'), refetch: vi.fn() }}
          context={{ notFound: 'この一括操作は見つかりません' }}
          back={{ to: '/members/bulk/history', label: '一括操作の履歴へ' }}
        />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('この一括操作は見つかりません');
    expect(alert).toHaveTextContent('削除されたか、URLが間違っている可能性があります。');
    expect(screen.getByRole('link', { name: '一括操作の履歴へ' })).toHaveAttribute(
      'href',
      '/members/bulk/history',
    );
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
  });
});
