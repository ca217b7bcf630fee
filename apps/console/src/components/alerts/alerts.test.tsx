import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render.tsx';
import { AlertArea, alertStore, createAlertStore } from './index.ts';

describe('alert store (spec §3, §4)', () => {
  it('opens with a timestamp and type success by default, closes with a timestamp, per area', () => {
    let now = 100;
    const store = createAlertStore(() => now);
    store.open('content', { message: '保存しました。' });
    expect(store.get('content')).toEqual({
      visible: true,
      message: '保存しました。',
      type: 'success',
      updatedAt: 100,
      theme: null,
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
});

describe('<AlertArea>', () => {
  it("shows the area's alert and closes it", async () => {
    renderWithUi(<AlertArea area="dialog" />);
    act(() => alertStore.open('dialog', { message: '削除できませんでした。', type: 'error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('削除できませんでした。');
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(alertStore.get('dialog').visible).toBe(false);
  });
});
