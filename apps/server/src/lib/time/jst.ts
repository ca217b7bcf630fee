/** Japan has no daylight saving time: JST is always UTC+9, so a fixed shift is exact. */
export const JST_OFFSET_MS = 9 * 3600 * 1000;

/** The ISO form of the instant's wall-clock time in JST, still ending in `Z` (callers cut what they need). */
const jstIso = (d: Date) => new Date(d.getTime() + JST_OFFSET_MS).toISOString();

/** `2024-04-01T09:30:00.123+09:00`: readable in JST, exact to the millisecond, and not reformatted by Excel. */
export function jstTimestamp(d: Date): string {
  return `${jstIso(d).slice(0, 23)}+09:00`;
}

/** `20240401-0930`: the minute in JST, as the admin reads the time, for file names. */
export function jstFileStamp(d: Date): string {
  const j = jstIso(d);
  return `${j.slice(0, 10).replaceAll('-', '')}-${j.slice(11, 16).replace(':', '')}`;
}

/**
 * `2026/11/25 09:30:00`: the second in JST, as the screens write dates (`2026/11/25 09:30`) and a form Excel and
 * LibreOffice read as a date and time: the times of every CSV (member and document attribute 更新日時, the audit
 * log export) and of mails.
 */
export function jstDateTime(d: Date): string {
  const j = jstIso(d);
  return `${j.slice(0, 10).replaceAll('-', '/')} ${j.slice(11, 19)}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** 00:00 JST of the instant's day: where a per-day count (the mail limits) starts. */
export const startOfJstDay = (d: Date) =>
  new Date(Math.floor((d.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS);

/** Seconds until the next JST day begins, when a per-day budget is back. */
export const secondsToNextJstDay = (d: Date) =>
  Math.ceil((startOfJstDay(d).getTime() + DAY_MS - d.getTime()) / 1000);
