import { ERROR_CODES } from '@cloudsign/contract';
import { isApiError } from './api-error.ts';

/** Only for failures that may pass by themselves: the network, the server (5xx), time-outs, load limits. */
export const RETRY_LATER = '時間をおいて、もう一度お試しください。';

export type ErrorText = {
  title: string;
  message: string;
  /** Trying again may help (offer 再試行); otherwise the person has to change something. */
  isTransient: boolean;
  status: number;
};

/** What the page knows that the error does not: the thing looked for, the privilege its calls need. */
export type ErrorContext = { notFound?: string; privilege?: string };

const TRANSIENT_STATUSES = new Set([0, 408, 429, 502, 503, 504]);

/**
 * Says honestly what went wrong: a 404 names what was not found, a 403 the privilege, a 400 the server's own
 * reason (it names fields by their Japanese labels), and only passing failures ask to try again later.
 */
export function describeError(error: unknown, context: ErrorContext = {}): ErrorText {
  if (!isApiError(error)) {
    return {
      title: '画面を表示できませんでした',
      message: '画面の表示中に問題が発生しました。画面を再読み込みしてください。',
      isTransient: true,
      status: 0,
    };
  }
  const { status } = error;
  // Answered, but in a shape this console does not know (a deploy it has not reloaded): reloading helps,
  // neither the network nor waiting does.
  if (error.code === 'invalid_response')
    return {
      title: '画面とサーバーの版が合っていません',
      message: error.message,
      isTransient: false,
      status,
    };
  if (TRANSIENT_STATUSES.has(status) || status >= 500) {
    return {
      title: status === 0 ? 'サーバーに接続できませんでした' : '処理を完了できませんでした',
      message:
        status === 0
          ? `サーバーに接続できませんでした。通信環境をご確認のうえ、${RETRY_LATER}`
          : status === 429
            ? error.message
            : status === 503
              ? // The server turned the request away unprocessed (overload): nothing failed, it may pass.
                `ただいまアクセスが集中しています。${RETRY_LATER}`
              : `サーバーでエラーが発生しました。${RETRY_LATER}`,
      isTransient: true,
      status,
    };
  }
  if (status === 404)
    return {
      title: context.notFound ?? '見つかりません',
      message: context.notFound
        ? '削除されたか、URLが間違っている可能性があります。'
        : error.message,
      isTransient: false,
      status,
    };
  if (status === 403) {
    const isGeneric = error.message === ERROR_CODES.forbidden.message;
    return {
      title: '権限がありません',
      message:
        isGeneric && context.privilege
          ? `この操作には${context.privilege}が必要です。`
          : error.message,
      isTransient: false,
      status,
    };
  }
  if (status === 401)
    return {
      title: 'ログインが必要です',
      message: 'ログインの有効期限が切れました。画面を再読み込みして、ログインし直してください。',
      isTransient: false,
      status,
    };
  // 400 and 409: the server's reason; its details name each field by its Japanese label.
  const reasons = error.details.map((d) => d.message).filter(Boolean);
  return {
    title: '処理できませんでした',
    message: reasons.length > 0 ? [...new Set(reasons)].join(' ') : error.message,
    isTransient: false,
    status,
  };
}
