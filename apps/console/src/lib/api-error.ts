import { ZErrorBody, type ErrorCode, type TErrorDetail } from '@cloudsign/contract';

/** The api's one error shape (docs/design.md §5) as a throwable; `details` carry field paths for forms. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network_error' | 'invalid_response';
  readonly requestId: string | null;
  readonly details: TErrorDetail[];

  constructor(init: {
    status: number;
    code: ApiError['code'];
    message: string;
    requestId?: string | null;
    details?: TErrorDetail[];
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Builds an ApiError from a failed response's body text, whatever the body is. */
export function toApiError(
  status: number,
  bodyText: string,
  requestIdHeader: string | null,
): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = null;
  }
  const parsed = ZErrorBody.safeParse(json);
  if (parsed.success) {
    const { code, message, requestId, details } = parsed.data.error;
    return new ApiError({ status, code, message, requestId, details });
  }
  return new ApiError({
    status,
    code: status >= 500 ? 'internal' : 'bad_request',
    message:
      status >= 500
        ? 'サーバーでエラーが発生しました。時間をおいてやり直してください。'
        : '処理を完了できませんでした。画面を更新してやり直してください。',
    requestId: requestIdHeader,
  });
}

export const networkError = () =>
  new ApiError({
    status: 0,
    code: 'network_error',
    message: 'サーバーに接続できませんでした。通信環境をご確認のうえ、やり直してください。',
  });

/** The console and the server disagree on an answer's shape: usually this page is older than the server. */
export const INVALID_RESPONSE_MESSAGE =
  'サーバーの応答を画面が読み取れませんでした。画面がサーバーより古い版のままの可能性があります。画面を再読み込みしてください。';

/**
 * The server answered (a 2xx) with a body the contract does not describe. Not the network: status 200, not 0,
 * so nothing reads it as "could not connect".
 */
export const invalidResponseError = (requestId: string | null, status = 200) =>
  new ApiError({
    status,
    code: 'invalid_response',
    message: INVALID_RESPONSE_MESSAGE,
    requestId,
  });
