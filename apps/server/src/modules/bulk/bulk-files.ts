import { jstFileStamp } from '../../lib/time/jst.ts';
import type { FileName } from './bulk-target.ts';

/** Server-chosen download names (never from the request), stamped in JST as the admin reads the time. */
export function csvFileNames([ja, ascii]: FileName, at: Date) {
  return { ja: `${ja}_${jstFileStamp(at)}.csv`, ascii: `${ascii}_${jstFileStamp(at)}.csv` };
}
