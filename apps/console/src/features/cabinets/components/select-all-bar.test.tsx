import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../../testing/render.tsx';
import { SelectAllBar } from './select-all-bar.tsx';

const props = { pageCount: 50, total: 509, isTotalExact: true, allMatching: false };

describe('<SelectAllBar>', () => {
  it('offers every match of the condition once the page is selected, then says all are selected', async () => {
    const onSelectAll = vi.fn();
    const { rerender } = renderWithUi(
      <SelectAllBar {...props} onSelectAll={onSelectAll} onClear={() => {}} />,
    );
    expect(screen.getByTestId('select-all-bar')).toHaveTextContent('このページの50件を選択中');
    await userEvent.click(screen.getByRole('button', { name: 'この条件の509件すべてを選択' }));
    expect(onSelectAll).toHaveBeenCalledOnce();
    rerender(<SelectAllBar {...props} allMatching onSelectAll={() => {}} onClear={() => {}} />);
    expect(screen.getByTestId('select-all-bar')).toHaveTextContent(
      'この条件の509件すべてを選択中選択を解除',
    );
  });

  it('says when the total is a lower bound, and over the limit asks to narrow instead', () => {
    const { rerender } = renderWithUi(
      <SelectAllBar {...props} isTotalExact={false} onSelectAll={() => {}} onClear={() => {}} />,
    );
    expect(
      screen.getByRole('button', { name: 'この条件の509件以上すべてを選択（件数は概数）' }),
    ).toBeVisible();
    rerender(<SelectAllBar {...props} total={12000} onSelectAll={() => {}} onClear={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('select-all-bar')).toHaveTextContent(
      'この条件の12,000件をまとめて操作するには、10,000件以下に絞り込んでください。',
    );
  });
});
