import type { FileName } from './bulk-target.ts';

/** Stamped in JST, as the admin reads the time. */
function stamp(d: Date): string {
  const j = new Date(d.getTime() + 9 * 3600 * 1000).toISOString();
  return `${j.slice(0, 10).replaceAll('-', '')}-${j.slice(11, 16).replace(':', '')}`;
}

/** Server-chosen download names (never from the request). */
export function csvFileNames([ja, ascii]: FileName, at: Date) {
  return { ja: `${ja}_${stamp(at)}.csv`, ascii: `${ascii}_${stamp(at)}.csv` };
}
