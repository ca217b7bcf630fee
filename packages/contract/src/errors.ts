import { z } from 'zod';

/**
 * The closed list of API error codes (docs/design.md §5, STYLE.md "The contract"): each has one HTTP status
 * and a default Japanese message. Services throw these; the error handler renders one body shape.
 */
export const ERROR_CODES = {
  validation_failed: { status: 400, message: '入力内容に誤りがあります。' },
  bad_request: { status: 400, message: 'リクエストが正しくありません。' },
  unauthenticated: { status: 401, message: 'ログインが必要です。' },
  forbidden: { status: 403, message: 'この操作を行う権限がありません。' },
  enterprise_plan_required: {
    status: 403,
    message: 'この機能はエンタープライズプランでご利用いただけます。',
  },
  /** The company's IP address restriction refuses the client address (the message names it). */
  ip_not_allowed: {
    status: 403,
    message: 'この組織では、お使いのIPアドレスからは利用できません。',
  },
  not_found: { status: 404, message: 'ご指定のデータが見つかりませんでした。' },
  conflict: { status: 409, message: '他の操作と競合しました。画面を更新してやり直してください。' },
  email_taken: { status: 409, message: 'このメールアドレスはすでに使われています。' },
  name_taken: { status: 409, message: 'この名前はすでに使われています。' },
  self_forbidden: { status: 409, message: '自分自身に対してこの操作はできません。' },
  last_admin: {
    status: 409,
    message: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
  },
  system_protected: { status: 409, message: 'システムが管理する項目は変更・削除できません。' },
  invalid_state: { status: 409, message: '現在の状態ではこの操作はできません。' },
  /** A save based on a stale read: its If-Match names a version the item has moved past (docs/decisions.md). */
  stale_version: {
    status: 409,
    message:
      'ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。',
  },
  /** A save of a versioned item sent without If-Match: the server cannot tell it from a lost update. */
  version_required: {
    status: 428,
    message:
      '保存のもとになった内容の版（If-Match ヘッダー）が指定されていません。最新の内容を読み込んでから、もう一度保存してください。',
  },
  /** A body sent slower than the servers' minimum rate (a held connection is not a request). */
  request_timeout: {
    status: 408,
    message:
      'リクエストの送信に時間がかかりすぎたため、中断しました。通信環境を確認して、もう一度お試しください。',
  },
  payload_too_large: { status: 413, message: 'ファイルまたはリクエストが大きすぎます。' },
  unsupported_media_type: { status: 415, message: 'このファイル形式には対応していません。' },
  /** Request headers over Node's limit (16 KB), usually an overgrown cookie. */
  headers_too_large: {
    status: 431,
    message:
      'リクエストのヘッダーが大きすぎます。このサイトの Cookie を削除してから、もう一度お試しください。',
  },
  rate_limited: {
    status: 429,
    message: 'リクエストが多すぎます。しばらく待ってからやり直してください。',
  },
  /** One company's queued and running background jobs are at JOBS_PER_COMPANY (the message names the number). */
  job_limit_reached: {
    status: 429,
    message:
      '実行待ち・実行中の処理が上限に達しています。実行中の処理が終わってからもう一度お試しください。',
  },
  internal: {
    status: 500,
    message: 'サーバーでエラーが発生しました。時間をおいてやり直してください。',
  },
  /**
   * The server cannot answer now; `Retry-After` says when to try again. Also a statement cancelled at the
   * API's statement timeout (a search asking too much): its own message, never 500 `internal`.
   */
  unavailable: {
    status: 503,
    message: 'ただいまサービスを利用できません。時間をおいてやり直してください。',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export const ZErrorDetail = z.object({
  /** Dotted path of the offending field ("email", "rows.3.メールアドレス"), or "" for the whole input. */
  path: z.string(),
  message: z.string(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/** The one error body of every API and site endpoint. */
export const ZErrorBody = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    requestId: z.string(),
    details: z.array(ZErrorDetail).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
