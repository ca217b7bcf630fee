import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { renderWithUi } from '../../testing/render.tsx';
import {
  AlertArea,
  AlertScope,
  AlertsFollowRoute,
  SUCCESS_CLOSE_MS,
  alertStore,
  createAlertStore,
  useAlert,
} from './index.ts';

afterEach(() => {
  vi.useRealTimers();
  for (const area of ['main', 'content', 'drawer', 'dialog'] as const) alertStore.close(area);
});

describe('alert store (spec §3, §4)', () => {
  it('opens with a timestamp and type success by default, closes with a timestamp, per area', () => {
    let now = 100;
    const store = createAlertStore(() => now);
    store.open('content', { message: '保存しました。' }, { path: '/documents', owner: null });
    expect(store.get('content')).toEqual({
      visible: true,
      message: '保存しました。',
      type: 'success',
      updatedAt: 100,
      theme: null,
      path: '/documents',
      owner: null,
    });
    expect(store.get('main').visible).toBe(false);
    now = 250;
    store.close('content');
    expect(store.get('content')).toMatchObject({
      visible: false,
      updatedAt: 250,
      message: '保存しました。',
    });
  });

  it('closes a success message after a few seconds, but not while it is held; errors stay', () => {
    vi.useFakeTimers();
    const store = createAlertStore();
    store.open('content', { message: '保存しました。' });
    store.open('drawer', { message: '保存できませんでした。', type: 'error' });
    vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 1);
    expect(store.get('content').visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get('content').visible).toBe(false);

    store.open('content', { message: '追加しました。' });
    store.hold('content');
    vi.advanceTimersByTime(SUCCESS_CLOSE_MS * 3);
    expect(store.get('content').visible).toBe(true);
    store.release('content');
    vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 1);
    expect(store.get('content').visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.get('content').visible).toBe(false);

    vi.advanceTimersByTime(SUCCESS_CLOSE_MS * 10);
    expect(store.get('drawer')).toMatchObject({ visible: true, type: 'error' });
  });

  it('leaving a screen closes its messages; a message sent to the next screen stays there', () => {
    const store = createAlertStore();
    store.navigated('/member_groups/g1');
    store.open(
      'content',
      { message: '1名をグループに追加しました。' },
      { path: '/member_groups/g1', owner: null },
    );
    store.open(
      'drawer',
      { message: '削除できませんでした。', type: 'error' },
      { path: '/member_groups/g1', owner: null },
    );
    store.open(
      'main',
      { message: 'グループ「営業」を削除しました。', path: '/member_groups' },
      { path: '/member_groups/g1', owner: null },
    );
    store.navigated('/member_groups');
    expect(store.get('content').visible).toBe(false);
    expect(store.get('drawer').visible).toBe(false);
    expect(store.get('main')).toMatchObject({ visible: true, path: '/member_groups' });
    store.navigated('/cabinets');
    expect(store.get('main').visible).toBe(false);
  });

  it('an answer that arrives after the admin left its screen opens nowhere', () => {
    const store = createAlertStore();
    store.navigated('/cabinets');
    store.open(
      'content',
      { message: '書類情報を保存しました。' },
      { path: '/documents', owner: null },
    );
    expect(store.get('content').visible).toBe(false);
  });

  it('closing a drawer or dialog closes only its own message', () => {
    const store = createAlertStore();
    store.open(
      'drawer',
      { message: '再送しました。' },
      { path: '/company/members', owner: 'drawer-1' },
    );
    store.open('content', { message: '削除しました。' }, { path: '/company/members', owner: null });
    store.dispose('drawer-2');
    expect(store.get('drawer').visible).toBe(true);
    store.dispose('drawer-1');
    expect(store.get('drawer').visible).toBe(false);
    expect(store.get('content').visible).toBe(true);
  });
});

function Raise({ area, message }: { area: 'content' | 'drawer'; message: string }) {
  const alert = useAlert(area);
  return <button onClick={() => alert.open(message)}>{`${message}を出す`}</button>;
}

describe('<AlertArea>', () => {
  it("shows the area's alert and closes it", async () => {
    renderWithUi(<AlertArea area="dialog" />);
    act(() => alertStore.open('dialog', { message: '削除できませんでした。', type: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('削除できませんでした。');
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(alertStore.get('dialog').visible).toBe(false);
  });

  it('a message raised on one screen is gone on the next one, and does not come back', async () => {
    const Page = ({ name }: { name: string }) => (
      <>
        <AlertArea area="content" />
        <Raise area="content" message={`${name}の完了`} />
        <Link to="/cabinets">キャビネットへ</Link>
        <Link to="/member_groups/g1">グループへ</Link>
      </>
    );
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <AlertsFollowRoute />
              <Outlet />
            </>
          ),
          children: [
            { path: '/member_groups/g1', element: <Page name="グループ" /> },
            { path: '/cabinets', element: <Page name="キャビネット" /> },
          ],
        },
      ],
      { initialEntries: ['/member_groups/g1'] },
    );
    renderWithUi(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'グループの完了を出す' }));
    expect(screen.getByRole('status')).toHaveTextContent('グループの完了');
    await userEvent.click(screen.getByRole('link', { name: 'キャビネットへ' }));
    expect(screen.getByRole('button', { name: 'キャビネットの完了を出す' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'グループへ' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a drawer shows only what was raised inside it, and forgets it when it closes', async () => {
    const { rerender } = renderWithUi(
      <>
        <Raise area="drawer" message="書類情報を保存しました。" />
        <AlertScope area="drawer">
          <section aria-label="メンバーの詳細">
            <AlertArea area="drawer" />
            <Raise area="drawer" message="登録メールを再送しました。" />
          </section>
        </AlertScope>
      </>,
    );
    const drawer = screen.getByRole('region', { name: 'メンバーの詳細' });
    await userEvent.click(screen.getByRole('button', { name: '書類情報を保存しました。を出す' }));
    expect(drawer).not.toHaveTextContent('書類情報を保存しました。');
    await userEvent.click(screen.getByRole('button', { name: '登録メールを再送しました。を出す' }));
    expect(screen.getByRole('status')).toHaveTextContent('登録メールを再送しました。');
    rerender(<></>);
    expect(alertStore.get('drawer').visible).toBe(false);
  });

  it('a success message waits while pointed at, then closes by itself', () => {
    vi.useFakeTimers();
    renderWithUi(<AlertArea area="content" />);
    act(() => alertStore.open('content', { message: 'グループを作成しました。' }));
    const status = screen.getByRole('status');
    act(() => {
      status.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS * 2);
    });
    expect(screen.getByRole('status')).toHaveTextContent('グループを作成しました。');
    act(() => {
      status.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
