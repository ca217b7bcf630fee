/** Japanese display formats shared by every area. */

/**
 * One formatter per shape, made once: building an Intl.DateTimeFormat costs far more than formatting with it,
 * and list rows format on every render.
 */
const jst = (fields: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', ...fields });
const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const JST_DAY = jst(DAY);
const JST_MINUTE = jst({ ...DAY, hour: '2-digit', minute: '2-digit' });
const JST_SECOND = jst({ ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** ISO timestamp → Japan time `2024/04/01 09:30`; null → '—'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return JST_MINUTE.format(new Date(iso));
}

/** ISO timestamp → Japan time to the second `2024/04/01 09:30:05`, as the CSVs write 更新日時. */
export const formatDateTimeSeconds = (iso: string) => JST_SECOND.format(new Date(iso));

/** ISO timestamp → the Japan-time day `2024/04/01`. */
export const formatDate = (iso: string) => JST_DAY.format(new Date(iso));

/** 12345 → `12,345`. */
export const formatCount = (n: number) => n.toLocaleString('ja-JP');
