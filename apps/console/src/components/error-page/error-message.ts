/** Spec §2: for 403 and 404 without their own message. */
export const NOT_FOUND_MESSAGE = 'ご指定のページが見つかりませんでした。URLをご確認ください。';
/** Spec §2 leaves other statuses' defaults "not shown"; this is ours. */
export const GENERIC_ERROR_MESSAGE =
  'エラーが発生しました。しばらく時間をおいてから、もう一度お試しください。';

/** The error's own status message if present; else the default for its status. */
export function errorPageMessage(status: number, statusMessage?: string | null): string {
  if (statusMessage?.trim()) return statusMessage;
  if (status === 403 || status === 404) return NOT_FOUND_MESSAGE;
  return GENERIC_ERROR_MESSAGE;
}
