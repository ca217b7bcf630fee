/** Japanese display formats shared by every area. */

/** ISO timestamp → Japan time `2024/04/01 09:30`; null → '—'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** ISO timestamp → the Japan-time day `2024/04/01`. */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** 12345 → `12,345`. */
export const formatCount = (n: number) => n.toLocaleString('ja-JP');
