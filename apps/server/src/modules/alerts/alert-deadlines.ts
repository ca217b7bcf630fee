/**
 * When a document's deadline under a rule is, and whether its alert is on today (docs/design.md §2 "期限アラート").
 * Dates are JST calendar days as `YYYY-MM-DD`: 書類情報 dates have no time, and a day begins at 00:00 JST.
 */
import type { TAlertDateItem } from '@cloudsign/contract';
import { JST_OFFSET_MS } from '../../lib/time/jst.ts';

export type DeadlineDoc = {
  validityStartAt: string | null;
  validityEndAt: string | null;
  validityEndNoticeAt: string | null;
  /** 0 指定なし, 1 あり, 2 なし (AUTO_UPDATE_LABELS). */
  autoUpdate: number;
};
export type DeadlineRule = { dateItem: TAlertDateItem; daysBefore: number };
export type Deadline = { deadline: string; alertFrom: string; isRolledForward: boolean };

/** 自動更新あり: 1. */
export const AUTO_UPDATE_ON = 1;
/** A renewal with no 契約開始日 to measure the term by renews for one year. */
const DEFAULT_TERM_MONTHS = 12;

/** The JST calendar day of an instant. */
export const jstDay = (d: Date): string =>
  new Date(d.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** The same day `n` months later; the 31st of a shorter month becomes its last day. */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return fromUtc(first);
}

/**
 * The term a 自動更新 contract renews for: 契約開始日 to the day after 契約終了日 in whole months
 * (2026-04-01〜2027-03-31 is 12), or a year when either date is missing or they make less than a month.
 */
export function termMonths(doc: DeadlineDoc): number {
  if (!doc.validityStartAt || !doc.validityEndAt) return DEFAULT_TERM_MONTHS;
  const [sy, sm, sd] = doc.validityStartAt.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = addDays(doc.validityEndAt, 1).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const months = (ey - sy) * 12 + (em - sm) + (ed >= sd ? 0 : -1);
  return months >= 1 ? months : DEFAULT_TERM_MONTHS;
}

/**
 * The deadline to watch on `today`: the stored date, or for 自動更新あり a date already passed rolled forward
 * by whole terms to the first one on or after today. Null when the document has no such date, or its
 * (non-renewing) date has passed.
 */
export function currentDeadline(
  doc: DeadlineDoc,
  rule: DeadlineRule,
  today: string,
): Deadline | null {
  const stored = doc[rule.dateItem];
  if (!stored) return null;
  let deadline = stored;
  let isRolledForward = false;
  if (deadline < today) {
    if (doc.autoUpdate !== AUTO_UPDATE_ON) return null;
    const term = termMonths(doc);
    // Months are counted from the stored date each time, so a 31st stays the month's last day.
    let k = 1;
    while (addMonths(stored, k * term) < today) k += 1;
    deadline = addMonths(stored, k * term);
    isRolledForward = true;
  }
  return { deadline, alertFrom: addDays(deadline, -rule.daysBefore), isRolledForward };
}

/** The deadline whose alert is on today (alert day reached, deadline not passed), or null. */
export function dueDeadline(doc: DeadlineDoc, rule: DeadlineRule, today: string): Deadline | null {
  const d = currentDeadline(doc, rule, today);
  return d && d.alertFrom <= today ? d : null;
}
