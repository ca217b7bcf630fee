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

export const invalidResponseError = (requestId: string | null) =>
  new ApiError({
    status: 0,
    code: 'invalid_response',
    message: 'サーバーから想定外の応答がありました。画面を更新してやり直してください。',
    requestId,
  });
