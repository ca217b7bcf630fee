/**
 * The 更新日時 cell of the bulk edit files (the member edit template and export, the document attribute CSV):
 * how a row says which version of its member or document it was written from, so a row changed since is
 * refused instead of overwritten (docs/decisions.md "更新日時 in the CSVs").
 *
 * Written as a JST date and time a spreadsheet program reads as a date (`2025/09/09 05:15:27`). Such a program
 * re-saves it as it shows it: Excel and LibreOffice in Japanese write `2025/9/9 5:15`, the seconds gone. So a
 * cell is read at the precision it kept, and a version matches when the stored instant, cut to that
 * precision, is the cell's. Files from before this form carry the exact instant
 * (`2025-09-09T05:15:27.444+09:00`) and are still read, exactly.
 */
import { JST_OFFSET_MS, jstDateTime } from '../lib/time/jst.ts';

/** An instant as a cell kept it: `at` in ms, cut to a multiple of `unit` ms (1 = exact, 60,000 = minutes). */
export type CellVersion = { at: number; unit: number };

export const versionCell = jstDateTime;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.(\d{1,3}))?)?(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL =
  /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** The unit a cell kept: milliseconds as many as its fraction has digits, else seconds, else minutes. */
const unitOf = (seconds: string | undefined, fraction: string | undefined) =>
  fraction !== undefined ? 10 ** (3 - fraction.length) : seconds !== undefined ? 1000 : 60_000;

/** The cell as a version, or null when it is not one (blank cells are the caller's question). */
export function parseVersionCell(raw: string): CellVersion | null {
  const v = raw.normalize('NFKC').trim();
  const iso = ISO.exec(v);
  if (iso) {
    const at = Date.parse(v);
    const seconds = /T\d{2}:\d{2}:\d{2}/.test(v) ? '' : undefined;
    return Number.isNaN(at) ? null : { at, unit: unitOf(seconds, iso[1]) };
  }
  const m = LOCAL.exec(v);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', f] = m;
  const ms = f === undefined ? 0 : Number(f.padEnd(3, '0'));
  const fields = [
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    ms,
  ] as const;
  const wall = new Date(Date.UTC(...fields));
  // 2025/2/30 or 25:00 would roll over into another instant: not a time the file could have held.
  const back = [
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  ];
  if (back.some((x, i) => x !== fields[i])) return null;
  return { at: wall.getTime() - JST_OFFSET_MS, unit: unitOf(m[6], f) };
}

/**
 * Whether the stored instant is the version the cell names, at the cell's precision. Two changes within one
 * such unit (a second, or a minute once a spreadsheet dropped the seconds) cannot be told apart: the
 * trade-off docs/decisions.md names; execution still re-checks the exact instant the check read.
 */
export const isSameVersion = (v: CellVersion, updatedAt: Date) =>
  Math.floor(updatedAt.getTime() / v.unit) * v.unit === v.at;
