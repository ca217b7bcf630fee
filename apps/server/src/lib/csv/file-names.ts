import { jstFileStamp } from '../time/jst.ts';

/** A download name chosen by the server: Japanese for people, ASCII for old clients (stamped in JST). */
export type FileName = readonly [ja: string, ascii: string];

/** Server-chosen download names (never from the request), stamped in JST as the admin reads the time. */
export function csvFileNames([ja, ascii]: FileName, at: Date) {
  return { ja: `${ja}_${jstFileStamp(at)}.csv`, ascii: `${ascii}_${jstFileStamp(at)}.csv` };
}
