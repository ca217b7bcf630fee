import type { TErrorDetail } from '@cloudsign/contract';

/**
 * Most details one error holds (stored or answered), the count of the rest included. A file can name a
 * million bad columns in 2 MB; each became a detail, so every read of its run sent 110 MB. Past this many, the
 * first ones stay and one last detail counts the rest: enough to fix the file, never more than a screen.
 */
export const MAX_ERROR_DETAILS = 100;
const SHOWN = MAX_ERROR_DETAILS - 1;

export const msgMoreDetails = (rest: number, total: number) =>
  `ほかに${rest.toLocaleString('ja-JP')}件の誤りがあります（全${total.toLocaleString('ja-JP')}件のうち最初の${SHOWN}件を示しています）。`;

/**
 * The details as they may be stored or answered: at most MAX_ERROR_DETAILS, the last counting what was left
 * out. Capping capped details changes nothing (a stored file error is capped again when read).
 */
export function capDetails(details: readonly TErrorDetail[]): TErrorDetail[] {
  if (details.length <= MAX_ERROR_DETAILS) return [...details];
  return [
    ...details.slice(0, SHOWN),
    { path: '', message: msgMoreDetails(details.length - SHOWN, details.length) },
  ];
}
