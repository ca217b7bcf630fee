import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { AlertArea, useAlert, type UseAlert } from '../alerts/index.ts';
import { ConfirmModal } from './index.ts';

describe('<ConfirmModal>', () => {
  it('names what it acts on; confirming and cancelling call their handlers once each', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithUi(
      <ConfirmModal
        opened
        color="red"
        title="グループを削除"
        message="グループ「営業部」を削除します。よろしいですか？"
        confirmLabel="削除する"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'グループを削除' });
    expect(dialog).toHaveTextContent('グループ「営業部」を削除します。よろしいですか？');
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    renderWithUi(
      <ConfirmModal
        opened={false}
        title="メンバーを削除"
        message="削除します。"
        confirmLabel="削除する"
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a failure inside the dialog, never on the page behind it, and forgets it when closed', async () => {
    function Page({ opened, onClose }: { opened: boolean; onClose: () => void }) {
      const page = useAlert('content');
      return (
        <>
          <AlertArea area="content" />
          <button type="button" onClick={() => page.open('ページのメッセージ')}>
            ページで報告
          </button>
          <ConfirmModal
            opened={opened}
            title="グループを削除"
            message="削除します。"
            confirmLabel="削除する"
            onConfirm={(dialog: UseAlert) =>
              dialog.open({ message: '削除できませんでした。', type: 'error' })
            }
            onClose={onClose}
          />
        </>
      );
    }
    const view = renderWithUi(<Page opened onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'ページで報告' }));
    const dialog = await screen.findByRole('dialog', { name: 'グループを削除' });
    // The page's message stays on the page.
    expect(dialog).not.toHaveTextContent('ページのメッセージ');
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('削除できませんでした。');
    expect(dialog).toContainElement(screen.getByRole('alert'));
    view.rerender(<Page opened={false} onClose={() => {}} />);
    view.rerender(<Page opened onClose={() => {}} />);
    const reopened = await screen.findByRole('dialog', { name: 'グループを削除' });
    expect(reopened).not.toHaveTextContent('削除できませんでした。');
  });
});
