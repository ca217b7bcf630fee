/**
 * A scope's list as CSV and back (docs/design.md "IP address restriction"): two columns, IPアドレス（CIDR） and
 * メモ, written with the project's CSV writer (Shift_JIS or UTF-8 with BOM, formula cells escaped by the writer) and read with
 * its reader (encoding detected, quotes checked). Reading saves nothing: the ranges go into the form, which is
 * previewed and saved as typed ones are. Every bad row and column is named at once.
 */
import type { Readable } from 'node:stream';
import {
  IP_CSV_COLUMNS,
  IP_RANGES_MAX,
  ZIpRange,
  type TCsvEncoding,
  type TIpRange,
  type TIpScopeSetting,
} from '@cloudsign/contract';
import { AppError } from '../../lib/app-error.ts';
import { capDetails } from '../../lib/error-details.ts';
import { CsvFileError } from '../../lib/csv/decode.ts';
import { isBlankRecord, readCsvRecords, unescapeFormula } from '../../lib/csv/parse.ts';
import { createCsvWriter } from '../../lib/csv/stringify.ts';

const HEADER = [IP_CSV_COLUMNS.cidr, IP_CSV_COLUMNS.memo];

export function writeRangesCsv(setting: TIpScopeSetting, encoding: TCsvEncoding): Readable {
  const csv = createCsvWriter(encoding);
  void (async () => {
    await csv.write(HEADER);
    for (const r of setting.ranges) await csv.write([r.cidr, r.memo]);
    csv.end();
  })().catch((e: Error) => csv.fail(e));
  return csv.output;
}

type Detail = { path: string; message: string };

export async function readRangesCsv(bytes: Readable): Promise<TIpRange[]> {
  const ranges: TIpRange[] = [];
  const details: Detail[] = [];
  let header: string[] | null = null;
  try {
    for await (const { rowNumber, cells } of readCsvRecords(bytes)) {
      if (!header) {
        header = cells.map((c) => c.replace(/^\uFEFF/, '').trim());
        const missing = HEADER.filter((h) => !header!.includes(h));
        if (missing.length > 0) {
          const message = `1行目（見出し）に「${missing.join('」「')}」の列がありません。書き出したCSVの見出しのまま使ってください。`;
          throw new AppError('validation_failed', message, [{ path: '1行目', message }]);
        }
        continue;
      }
      if (isBlankRecord(cells)) continue;
      const cell = (name: string) => unescapeFormula(cells[header!.indexOf(name)] ?? '');
      const parsed = ZIpRange.safeParse({
        cidr: cell(IP_CSV_COLUMNS.cidr),
        memo: cell(IP_CSV_COLUMNS.memo),
      });
      if (parsed.success) ranges.push(parsed.data);
      else
        for (const issue of parsed.error.issues) {
          const column = issue.path[0] === 'memo' ? IP_CSV_COLUMNS.memo : IP_CSV_COLUMNS.cidr;
          details.push({ path: `${rowNumber}行目「${column}」`, message: issue.message });
        }
    }
  } catch (e) {
    if (e instanceof CsvFileError)
      throw new AppError('validation_failed', e.message, e.details ?? undefined);
    throw e;
  }
  if (!header) {
    const message = 'CSVが空です。見出しの行と、許可するIPアドレスの行を入れてください。';
    throw new AppError('validation_failed', message, [{ path: '1行目', message }]);
  }
  if (ranges.length + details.length > IP_RANGES_MAX) {
    const message = `許可するIPアドレスは${IP_RANGES_MAX}件までです。`;
    details.push({ path: 'ファイル', message });
  }
  if (details.length > 0)
    throw new AppError(
      'validation_failed',
      `CSVに誤りがあります（${details.length}件）。行と列を確認して、修正してから読み込んでください。`,
      capDetails(details),
    );
  return ranges;
}
