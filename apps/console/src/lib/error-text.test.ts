import { describe, expect, it } from 'vitest';
import {
  ApiError,
  INVALID_RESPONSE_MESSAGE,
  invalidResponseError,
  networkError,
} from './api-error.ts';
import { RETRY_LATER, describeError } from './error-text.ts';

const api = (status: number, code: ApiError['code'], message: string, details = []) =>
  new ApiError({ status, code, message, details });

describe('describeError: 時間をおいて only for failures that may pass', () => {
  it.each([
    ['network', networkError()],
    ['500', api(500, 'internal', 'x')],
    ['503', api(503, 'unavailable', 'x')],
  ])('%s → try again later', (_name, error) => {
    const text = describeError(error);
    expect(text.isTransient).toBe(true);
    expect(text.message.endsWith(RETRY_LATER)).toBe(true);
  });

  it('503 (overload, nothing done) says the server is busy and to try again later', () => {
    expect(
      describeError(
        api(
          503,
          'unavailable',
          'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。',
        ),
      ),
    ).toEqual({
      title: '処理を完了できませんでした',
      message: 'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。',
      isTransient: true,
      status: 503,
    });
  });

  it('404 names what was not found', () => {
    expect(
      describeError(api(404, 'not_found', 'ご指定のデータが見つかりませんでした。'), {
        notFound: 'この一括操作は見つかりません',
      }),
    ).toEqual({
      title: 'この一括操作は見つかりません',
      message: '削除されたか、URLが間違っている可能性があります。',
      isTransient: false,
      status: 404,
    });
  });

  it("403 names the privilege, or keeps the server's own reason", () => {
    expect(
      describeError(api(403, 'forbidden', 'この操作を行う権限がありません。'), {
        privilege: '組織管理権限',
      }).message,
    ).toBe('この操作には組織管理権限が必要です。');
    expect(
      describeError(
        api(
          403,
          'enterprise_plan_required',
          'この機能はエンタープライズプランでご利用いただけます。',
        ),
      ).message,
    ).toBe('この機能はエンタープライズプランでご利用いただけます。');
  });

  it("400 shows the server's reasons (labelled fields), not try again", () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: '入力内容に誤りがあります。',
      details: [
        {
          path: 'contractAtTo',
          message: '契約締結日（まで）は契約締結日（から）以降の日付を指定してください。',
        },
      ],
    });
    const text = describeError(error);
    expect(text.message).toBe(
      '契約締結日（まで）は契約締結日（から）以降の日付を指定してください。',
    );
    expect(text.isTransient).toBe(false);
  });

  it('a render error (not from the api) asks for a reload, not to wait', () => {
    expect(describeError(new TypeError('x')).message).toBe(
      '画面の表示中に問題が発生しました。画面を再読み込みしてください。',
    );
  });
});

describe('describeError: an answer of a shape the console does not know', () => {
  it('says the console and the server disagree and to reload, never to check the network', () => {
    const text = describeError(invalidResponseError('req-1'));
    expect(text).toEqual({
      title: '画面とサーバーの版が合っていません',
      message: INVALID_RESPONSE_MESSAGE,
      isTransient: false,
      status: 200,
    });
    expect(text.message).toContain('再読み込み');
    expect(`${text.title}${text.message}`).not.toMatch(/接続|通信環境|時間をおいて/);
  });
});
