import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../../testing/render.tsx';
import { AuditFilters } from './audit-filters.tsx';

describe('<AuditFilters> 操作の種類', () => {
  it('sends two chosen categories as one condition', async () => {
    const onChange = vi.fn();
    renderWithUi(<AuditFilters filter={{}} onChange={onChange} />);
    await userEvent.click(screen.getByRole('textbox', { name: '操作の種類' }));
    await userEvent.click(await screen.findByRole('option', { name: 'メンバー', hidden: true }));
    await userEvent.click(await screen.findByRole('option', { name: '一括処理', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: '絞り込む' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'member,bulk' }));
  });

  it('leaves out ログイン・認証 in one click, keeping the other conditions', async () => {
    const onChange = vi.fn();
    renderWithUi(<AuditFilters filter={{ keyword: '高橋' }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'ログイン・認証を除く' }));
    expect(onChange).toHaveBeenCalledWith({
      keyword: '高橋',
      category: 'member,memberGroup,cabinet,document,bulk,auditLog,company',
    });
  });

  it('shows the categories a link carries', () => {
    renderWithUi(<AuditFilters filter={{ category: 'auth,bulk' }} onChange={() => undefined} />);
    // The chosen values sit in the field as pills (the closed list also holds them, hidden).
    const field = screen
      .getByRole('textbox', { name: '操作の種類' })
      .closest('.mantine-MultiSelect-root')!;
    expect(field).toHaveTextContent('ログイン・認証');
    expect(field).toHaveTextContent('一括処理');
    expect(field).not.toHaveTextContent('メンバー');
  });
});

describe('<AuditFilters> before the console runs', () => {
  it('is a GET form of the URL’s own names, the chips’ conditions going along hidden', () => {
    renderWithUi(
      <AuditFilters
        filter={{ actorId: 'a1', targetType: 'document', keyword: '高橋', category: 'auth,bulk' }}
        onChange={() => undefined}
      />,
    );
    const form = screen.getByRole<HTMLFormElement>('form', { name: '絞り込み' });
    expect(form.method).toBe('get');
    expect(form.getAttribute('action')).toBe('/company/audit_log');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      actorId: 'a1',
      targetType: 'document',
      from: '',
      to: '',
      actorEmail: '',
      category: 'auth,bulk',
      keyword: '高橋',
    });
  });
});
