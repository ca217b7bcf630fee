import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { ErrorPage } from './error-page.tsx';
import { errorPageMessage } from './error-message.ts';

const NOT_FOUND = 'ご指定のページが見つかりませんでした。URLをご確認ください。';

describe('error page (spec §2)', () => {
  it('shows the logo, the default 404 message, a link to the top page and 前のページに戻る', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    renderWithUi(<ErrorPage status={404} logo="/logo.svg" logoAlt="クラウドサイン" />);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    );
    expect(screen.getByRole('img', { name: 'クラウドサイン' })).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByTestId('error-message')).toHaveTextContent(NOT_FOUND);
    expect(screen.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: '前のページに戻る' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("shows the error's own status message when it has one", () => {
    renderWithUi(
      <ErrorPage status={404} statusMessage="Page Not Found: /x" logo="/l.svg" logoAlt="ロゴ" />,
    );
    expect(screen.getByTestId('error-message')).toHaveTextContent('Page Not Found: /x');
  });

  it('uses the same default for 403, and a generic one for other statuses', () => {
    expect(errorPageMessage(403)).toBe(NOT_FOUND);
    expect(errorPageMessage(404, '')).toBe(NOT_FOUND);
    expect(errorPageMessage(500)).not.toBe(NOT_FOUND);
  });
});
