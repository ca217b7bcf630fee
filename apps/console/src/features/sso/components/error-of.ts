import { isApiError } from '../../../lib/api-error.ts';

/** The server's Japanese message for one field (or the whole answer's message when it names none). */
export function errorOf(error: unknown, path?: string): string {
  if (isApiError(error)) {
    const detail = path
      ? error.details.find((d) => d.path === path || d.path.startsWith(`${path}.`))
      : undefined;
    return detail?.message ?? error.details[0]?.message ?? error.message;
  }
  return error instanceof Error ? error.message : '保存できませんでした。';
}
