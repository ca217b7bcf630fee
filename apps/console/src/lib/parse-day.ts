import { parseDateInput } from '@cloudsign/contract';

/** How a day may be typed, as the period fields show it. */
export const DATE_EXAMPLE = '例: 2026/11/1、令和8年11月1日';

/** A typed day (2026/11/1, 令和8年11月1日, 20261101…) as YYYY-MM-DD, or the message for the field. */
export function parseDay(raw: string, label: string): { value?: string; error?: string } {
  if (!raw.trim()) return {};
  const r = parseDateInput(raw);
  if (r.ok) return { value: r.value };
  return {
    error:
      r.reason === 'range'
        ? `${label}にはありえない日付が入力されています。`
        : `${label}は日付で入力してください（${DATE_EXAMPLE}）。`,
  };
}
