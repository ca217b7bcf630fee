/**
 * A real spreadsheet program for tests: LibreOffice Calc from Debian's packages (`libreoffice-calc-nogui`,
 * installed by .ci/run), run headless to open a CSV and save it again as a person does, in Japanese. It reads
 * cells as it would show them (dates as dates: "detect special numbers" on) and writes them as it shows them.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));

/** LibreOffice's numbers for the encodings our CSVs offer (rtl text encodings). */
const ENCODING = { cp932: 60, utf8: 76 } as const;
/** The language a Japanese admin's program runs in: its date forms (`2025/9/9 5:15`). */
const JAPANESE = 1041;

/** Opens the CSV bytes in LibreOffice Calc and saves them as CSV in the same encoding: what it wrote. */
export async function resaveInSpreadsheet(
  bytes: Buffer,
  encoding: keyof typeof ENCODING = 'cp932',
): Promise<Buffer> {
  if (!SOFFICE)
    throw new Error(
      'LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui',
    );
  const dir = await mkdtemp(join(tmpdir(), 'spreadsheet-'));
  try {
    await writeFile(join(dir, 'in.csv'), bytes);
    const e = ENCODING[encoding];
    // Import: comma, double quote, encoding, from line 1, default column types, Japanese, quoted fields not
    // forced to text, special numbers (dates and times) detected. Export: the same separators and encoding.
    await promisify(execFile)(
      SOFFICE,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        `--infilter=CSV:44,34,${e},1,,${JAPANESE},false,true`,
        '--convert-to',
        `csv:Text - txt - csv (StarCalc):44,34,${e},1,,${JAPANESE}`,
        '--outdir',
        join(dir, 'out'),
        join(dir, 'in.csv'),
      ],
      // Its own profile in the folder, the Japanese locale for its display forms, bounded in time.
      { env: { ...process.env, LANG: 'ja_JP.UTF-8', LC_ALL: 'ja_JP.UTF-8' }, timeout: 120_000 },
    );
    return await readFile(join(dir, 'out', 'in.csv'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
