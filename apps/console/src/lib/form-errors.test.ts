import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';
import { applyServerErrors } from './form-errors.ts';

type Values = { name: string; groupIds: string[]; rows: { name: string }[] };

const validation = (details: { path: string; message: string }[]) =>
  new ApiError({
    status: 400,
    code: 'validation_failed',
    message: '入力内容に誤りがあります。',
    details,
  });

function apply(error: unknown, options?: Parameters<typeof applyServerErrors>[2]) {
  const setError = vi.fn();
  applyServerErrors<Values>(error, setError as UseFormSetError<Values>, options);
  return setError.mock.calls;
}

describe('applyServerErrors', () => {
  it('puts each detail on its field, the whole path by default (rows of a field array)', () => {
    const error = validation([
      { path: 'rows.1.name', message: '項目名を入力してください。' },
      { path: '', message: '項目は20件までです。' },
    ]);
    expect(apply(error)).toEqual([
      ['rows.1.name', { message: '項目名を入力してください。' }],
      ['root', { message: '項目は20件までです。' }],
    ]);
  });

  it('with `top`, a deep path lands on its top-level field', () => {
    const error = validation([
      { path: 'groupIds.0', message: 'メンバーグループが見つかりません。' },
    ]);
    expect(apply(error, { field: 'top' })).toEqual([
      ['groupIds', { message: 'メンバーグループが見つかりません。' }],
    ]);
  });

  it('an API error without details, or any other error, becomes the root message', () => {
    const conflict = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'このグループ名はすでに使われています。',
    });
    expect(apply(conflict)).toEqual([
      ['root', { message: 'このグループ名はすでに使われています。' }],
    ]);
    expect(apply('not an error')).toEqual([['root', { message: '処理を完了できませんでした。' }]]);
    expect(apply(null, { fallback: '保存できませんでした。' })).toEqual([
      ['root', { message: '保存できませんでした。' }],
    ]);
  });
});
