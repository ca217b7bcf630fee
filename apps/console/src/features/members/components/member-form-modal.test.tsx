/**
 * The member form as an admin uses it: what it refuses before anything is sent (with the field's own message),
 * what it sends after normalising (email, フリガナ, 権限), and the privileges locked when editing oneself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMemberDetail } from '@cloudsign/contract';
import { renderWithUi } from '../../../testing/render.tsx';
import { meKeys } from '../../../lib/current-user.ts';
import { MemberFormModal, SELF_ROLES_REASON } from './member-form-modal.tsx';

type Options = { method?: string; body?: unknown };
const apiFetch = vi.hoisted(() => vi.fn<(path: string, options?: Options) => Promise<unknown>>());
vi.mock('../../../lib/api-client.ts', () => ({ apiFetch }));
afterEach(() => vi.clearAllMocks());

const ME_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';
const detail = (id: string, extra: Partial<TMemberDetail> = {}): TMemberDetail => ({
  id,
  name: '一般 花子',
  furigana: 'イッパン\u3000ハナコ',
  email: 'member@example.com',
  organization: '営業部',
  roles: ['CompanyApprover'],
  status: 1,
  mfa: 2,
  theme: 'cloudsign',
  createdAt: '2026-04-01T00:00:00.000Z',
  lastSignInAt: null,
  updatedAt: '2026-04-01T00:00:00.000Z',
  groups: [],
  ...extra,
});

function renderForm(member?: TMemberDetail, documentApproval = 1) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The form reads the id (your own privileges are locked) and whether the company uses 承認 (書類の承認).
  client.setQueryData(meKeys.all, { id: ME_ID, name: '管理 太郎', company: { documentApproval } });
  apiFetch.mockImplementation((_path, options) =>
    Promise.resolve({ user: detail(member?.id ?? OTHER_ID, options?.body as object) }),
  );
  renderWithUi(
    <QueryClientProvider client={client}>
      <MemberFormModal opened onClose={() => {}} member={member} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const submit = (name: '追加する' | '保存する') =>
  fireEvent.click(screen.getByRole('button', { name }));

describe('adding a member', () => {
  it('requires the email and says so under the field; nothing is sent', async () => {
    renderForm();
    submit('追加する');
    expect(await screen.findByText('メールアドレスを入力してください。')).toBeInTheDocument();
    expect(field('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('refuses an email with characters that are not half-width even after normalising', async () => {
    renderForm();
    await userEvent.type(field('メールアドレス'), '山田@example.com');
    submit('追加する');
    expect(await screen.findByText('メールアドレスは半角で入力してください。')).toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('refuses an address without a domain', async () => {
    renderForm();
    await userEvent.type(field('メールアドレス'), 'yamada@example');
    submit('追加する');
    expect(await screen.findByText('メールアドレスの形式が正しくありません。')).toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('refuses a フリガナ in kanji', async () => {
    renderForm();
    await userEvent.type(field('メールアドレス'), 'yamada@example.com');
    await userEvent.type(field('フリガナ'), '山田');
    submit('追加する');
    expect(
      await screen.findByText('フリガナはカタカナまたはひらがなで入力してください。'),
    ).toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('sends a full-width email in half-width lower case, the フリガナ typed in hiragana in katakana and the checked privileges', async () => {
    renderForm();
    await userEvent.type(field('メールアドレス'), 'ＹＡＭＡＤＡ＠ｅｘａｍｐｌｅ．ｃｏｍ');
    await userEvent.type(field('氏名'), '山田 一郎');
    await userEvent.type(field('フリガナ'), 'やまだ いちろう');
    await userEvent.type(field('所属'), '法務部');
    fireEvent.click(screen.getByRole('checkbox', { name: '監査ログ閲覧権限' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '組織管理権限' }));
    submit('追加する');
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    const [path, options] = apiFetch.mock.calls[0]!;
    expect([path, options?.method, options?.body]).toEqual([
      '/users',
      'POST',
      {
        email: 'yamada@example.com',
        name: '山田 一郎',
        // Spaces fold to one full-width space.
        furigana: 'ヤマダ\u3000イチロウ',
        organization: '法務部',
        roles: ['CompanyAdmin', 'CompanyAuditor'],
      },
    ]);
  });

  it('cancelled typing is gone when the form opens again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(meKeys.all, {
      id: ME_ID,
      name: '管理 太郎',
      company: { documentApproval: 1 },
    });
    const ui = (opened: boolean) => (
      <QueryClientProvider client={client}>
        <MemberFormModal opened={opened} onClose={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = renderWithUi(ui(true));
    await userEvent.type(field('氏名'), '山田 一郎');
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    rerender(ui(false));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '氏名' })).toBeNull());
    rerender(ui(true));
    expect(await screen.findByRole('textbox', { name: '氏名' })).toHaveValue('');
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('offers 承認権限 only while the company uses 書類の承認', () => {
    renderForm(undefined, 0);
    expect(screen.getByRole('checkbox', { name: '組織管理権限' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: '承認権限' })).toBeNull();
  });
});

describe('editing a member', () => {
  it("shows the member's values and sends the changed privileges", async () => {
    renderForm(detail(OTHER_ID));
    expect(field('メールアドレス')).toHaveValue('member@example.com');
    expect(screen.getByRole('checkbox', { name: '承認権限' })).toBeChecked();
    expect(screen.queryByText(SELF_ROLES_REASON)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: '承認権限' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '書類インポート権限' }));
    submit('保存する');
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    const [path, options] = apiFetch.mock.calls[0]!;
    expect([path, options?.method, options?.body]).toEqual([
      `/users/${OTHER_ID}`,
      'PUT',
      {
        email: 'member@example.com',
        name: '一般 花子',
        furigana: 'イッパン\u3000ハナコ',
        organization: '営業部',
        roles: ['DocumentImporter'],
      },
    ]);
  });

  it('locks your own privileges with the reason, and leaves them out of what is sent', async () => {
    renderForm(detail(ME_ID, { roles: ['CompanyAdmin'] }));
    expect(screen.getByText(SELF_ROLES_REASON)).toBeInTheDocument();
    for (const name of ['組織管理権限', '承認権限', '監査ログ閲覧権限'])
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    await userEvent.clear(field('所属'));
    await userEvent.type(field('所属'), '情報システム部');
    submit('保存する');
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    expect(apiFetch.mock.calls[0]![1]?.body).toEqual({
      email: 'member@example.com',
      name: '一般 花子',
      furigana: 'イッパン\u3000ハナコ',
      organization: '情報システム部',
    });
  });
});
