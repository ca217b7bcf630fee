import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { renderWithUi } from '../../testing/render.tsx';
import { BulkRunView, type BulkRunSpec } from './run-view.tsx';
import { BulkCounts } from './run-summary.tsx';
import { MemoryRouter } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';

const base: TBulkManipulation = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 1,
  status: BulkStatus.Ready,
  encoding: 'sjis',
  originalFilename: 'members.csv',
  columns: ['メールアドレス'],
  hasInputFile: true,
  hasOutputFile: false,
  fileError: null,
  counts: { add: 2, error: 0 },
  totalRows: 2,
  processedRows: 0,
  createdBy: { id: null, name: '管理者' },
  createdAt: '2026-01-05T01:00:00.000Z',
  updatedAt: '2026-01-05T01:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

function specFor(m: TBulkManipulation | ApiError, mutate = vi.fn()) {
  const isError = m instanceof ApiError;
  const spec: BulkRunSpec = {
    api: {
      useManipulation: () => ({
        isPending: false,
        isError,
        error: isError ? m : null,
        data: isError ? undefined : m,
        refetch: async () => {},
      }),
      useUpdateManipulation: () => ({ mutate, isPending: false, error: null }),
      downloadRowsCsv: vi.fn(async () => {}),
      downloadUploadedFile: vi.fn(async () => {}),
    },
    unit: '行',
    title: () => '一括追加',
    meta: (x) => `${x.originalFilename ?? ''}・`,
    execute: {
      isEnabled: (x) => x.status === BulkStatus.Ready && (x.counts.error ?? 0) === 0,
      title: '実行しますか？',
      body: () => <p>2件を追加します。</p>,
      note: '実行後は取り消せません。',
    },
    retry: '直してください。',
    alerts: () => null,
    errorsDownload: { label: 'エラーの行だけ', isShown: (x) => (x.counts.error ?? 0) > 0 },
    counts: (x) => (
      <BulkCounts
        m={x}
        tiles={[
          { key: 'add', label: '追加', isAlert: false },
          { key: 'error', label: 'エラー', isAlert: true },
        ]}
        executed={{ succeeded: '成功', failed: '失敗' }}
        base={2}
      />
    ),
    rowsTitle: '行ごとの結果',
    rows: () => <p>行の表</p>,
    missing: { title: 'この一括操作は見つかりません', back: { to: '/history', label: '履歴へ' } },
  };
  return { spec, mutate };
}

describe('BulkRunView: a run that cannot be read', () => {
  const inRouter = (spec: BulkRunSpec) =>
    renderWithUi(
      <MemoryRouter>
        <BulkRunView id={base.id} spec={spec} />
      </MemoryRouter>,
    );

  it('404: names what was not found and links back to the history, no retry', () => {
    inRouter(specFor(new ApiError({ status: 404, code: 'not_found', message: 'x' })).spec);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'この一括操作は見つかりません削除されたか、URLが間違っている可能性があります。履歴へ',
    );
    expect(within(alert).getByRole('link', { name: '履歴へ' })).toHaveAttribute('href', '/history');
    expect(within(alert).queryByRole('button', { name: '再試行' })).toBeNull();
  });

  it('5xx and network failures: try again later, with 再試行', () => {
    inRouter(specFor(new ApiError({ status: 500, code: 'internal', message: 'x' })).spec);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'サーバーでエラーが発生しました。時間をおいて、もう一度お試しください。',
    );
    expect(screen.getByRole('button', { name: '再試行' })).toBeInTheDocument();
  });

  it('503 (the server turns requests away while busy): says so, with 再試行', () => {
    inRouter(specFor(new ApiError({ status: 503, code: 'unavailable', message: 'x' })).spec);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。',
    );
    expect(screen.getByRole('button', { name: '再試行' })).toBeInTheDocument();
  });

  it('403: the privilege it needs, never 時間をおいて', () => {
    inRouter(
      specFor(
        new ApiError({
          status: 403,
          code: 'forbidden',
          message: 'この操作を行う権限がありません。',
        }),
      ).spec,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('この操作には組織管理権限が必要です。');
    expect(screen.getByRole('alert')).not.toHaveTextContent('時間をおいて');
  });
});

describe('BulkRunView', () => {
  it('a Ready run: 実行 asks first, then sends execute; counts and rows are shown', async () => {
    const { spec, mutate } = specFor(base);
    renderWithUi(<BulkRunView id={base.id} spec={spec} />);
    expect(screen.getByText('一括追加')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('実行待ち');
    expect(screen.getByText(/^members\.csv・管理者・/)).toBeInTheDocument();
    expect(within(screen.getByTestId('count-add')).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('行の表')).toBeInTheDocument();
    expect(screen.queryByTestId('download-errors')).toBeNull();
    expect(screen.getByRole('button', { name: '結果をダウンロード' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('execute'));
    expect(await screen.findByText('2件を追加します。')).toBeInTheDocument();
    expect(screen.getByText('実行後は取り消せません。')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-execute'));
    expect(mutate).toHaveBeenCalledWith({ action: 'execute' }, expect.anything());
  });

  it('a check with errors: 実行 disabled, the retry notice, the errors download', () => {
    const m = { ...base, status: BulkStatus.CheckFailed, counts: { add: 1, error: 1 } };
    renderWithUi(<BulkRunView id={m.id} spec={specFor(m).spec} />);
    expect(screen.getByTestId('execute')).toBeDisabled();
    expect(
      screen.getByText('エラーのある行があるため実行できません。直してください。'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('download-errors')).toHaveTextContent('エラーの行だけ');
  });

  it('a running run: no 実行, its progress in rows', () => {
    const m = { ...base, status: BulkStatus.Processing, totalRows: 10, processedRows: 3 };
    renderWithUi(<BulkRunView id={m.id} spec={specFor(m).spec} />);
    expect(screen.queryByTestId('execute')).toBeNull();
    expect(screen.getByText('実行中: 3 / 10行')).toBeInTheDocument();
  });

  it('a run whose total is not counted yet says 準備中, never 0 / 0', () => {
    const m = { ...base, status: BulkStatus.Processing, totalRows: 0, processedRows: 0 };
    renderWithUi(<BulkRunView id={m.id} spec={specFor(m).spec} />);
    expect(screen.getByText('準備中…')).toBeInTheDocument();
    expect(screen.queryByText(/0 \/ 0/)).toBeNull();
  });

  it('a file error: its details, and neither counts nor rows', () => {
    const m = {
      ...base,
      status: BulkStatus.CheckFailed,
      counts: {},
      fileError: {
        message: '見出しが足りません。',
        details: [{ path: '1行目', message: 'メールアドレスがありません。' }],
      },
    };
    renderWithUi(<BulkRunView id={m.id} spec={specFor(m).spec} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '見出しが足りません。1行目: メールアドレスがありません。ファイルを修正して、もう一度アップロードしてください。',
    );
    expect(screen.queryByText('行の表')).toBeNull();
    expect(screen.queryByRole('button', { name: '結果をダウンロード' })).toBeNull();
  });
});
