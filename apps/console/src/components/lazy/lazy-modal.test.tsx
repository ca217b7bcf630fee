import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { lazyModal } from './lazy-modal.tsx';

let loads = 0;
const LazyForm = lazyModal(async () => {
  loads += 1;
  return function Form({ opened, onClose }: { opened: boolean; onClose: () => void }) {
    return (
      <Modal
        opened={opened}
        onClose={onClose}
        title="メンバーを追加"
        transitionProps={{ duration: 0 }}
      >
        <input aria-label="氏名" />
      </Modal>
    );
  };
});

function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>メンバーを追加</button>
      <LazyForm opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

describe('a modal fetched when first opened', () => {
  it('is not fetched before it opens; it opens, and closing gives the focus back to its button', async () => {
    renderWithUi(<Page />);
    expect(loads).toBe(0);
    const button = screen.getByRole('button', { name: 'メンバーを追加' });
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'メンバーを追加' })).toBeInTheDocument();
    expect(loads).toBe(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'メンバーを追加' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
