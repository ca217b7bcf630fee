import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { CsvFileError, MSG_BINARY, MSG_UTF16, detectEncoding } from './decode.ts';
import { MSG_EXCEL_FILE } from '@cloudsign/contract';
import { xlsBytes, xlsxBytes } from '../../../test/support/excel-files.ts';
import { readCsvRecords, unescapeFormula } from './parse.ts';
import { createCsvWriter, escapeFormula } from './stringify.ts';

const TEXT = 'メールアドレス,氏名,所属\r\na@example.com,髙橋 ①郎,㈱テスト\r\n';

async function records(bytes: Buffer, chunk = 64 * 1024) {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  let encoding = '';
  const out: string[][] = [];
  for await (const r of readCsvRecords(Readable.from(chunks), (e) => (encoding = e)))
    out.push(r.cells);
  return { out, encoding };
}

async function fileError(bytes: Buffer) {
  try {
    await records(bytes);
  } catch (e) {
    if (e instanceof CsvFileError) return e;
    throw e;
  }
  throw new Error('expected a file error');
}

const readAll = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
};

describe('encodings in', () => {
  it('UTF-8 without BOM', async () => {
    const { out, encoding } = await records(Buffer.from(TEXT, 'utf8'));
    expect(encoding).toBe('utf8');
    expect(out[1]).toEqual(['a@example.com', '髙橋 ①郎', '㈱テスト']);
  });

  it('UTF-8 with BOM: the BOM is not part of the first header', async () => {
    const { out, encoding } = await records(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]),
    );
    expect(encoding).toBe('utf8bom');
    expect(out[0]![0]).toBe('メールアドレス');
  });

  it('Shift_JIS (CP932) with its extension characters ①, ㈱, 髙', async () => {
    const { out, encoding } = await records(iconv.encode(TEXT, 'cp932'));
    expect(encoding).toBe('cp932');
    expect(out[1]).toEqual(['a@example.com', '髙橋 ①郎', '㈱テスト']);
  });

  it('Shift_JIS after a long ASCII-only beginning, split across chunks', async () => {
    const ascii = 'メールアドレス\r\n'.length;
    const rows = Array.from({ length: 5000 }, (_, i) => `user${i}@example.com,Name ${i},Org`).join(
      '\r\n',
    );
    const bytes = iconv.encode(
      `email,name,org\r\n${rows}\r\nz@example.com,髙橋,㈱テスト\r\n`,
      'cp932',
    );
    const { out, encoding } = await records(bytes, 1000 + ascii);
    expect(encoding).toBe('cp932');
    expect(out.at(-1)).toEqual(['z@example.com', '髙橋', '㈱テスト']);
  });

  it('UTF-16 with a BOM is refused with a clear message', async () => {
    const e = await fileError(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]),
    );
    expect(e.message).toBe(MSG_UTF16);
  });

  it('UTF-16 without a BOM (NUL in every other byte) is refused', () => {
    expect(() => detectEncoding(Buffer.from('email,name\r\na@b.c,x\r\n', 'utf16le'))).toThrow(
      MSG_UTF16,
    );
  });

  it('binary (e.g. an .xlsx renamed .csv) is refused', async () => {
    const zip = Buffer.from([
      0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, 0x9a,
      0xff, 0x10, 0x80,
    ]);
    const e = await fileError(zip);
    expect(e.message).toBe(MSG_BINARY);
  });

  it('an Excel workbook is named as such: .xlsx (zip with xl/ parts) and .xls (OLE2)', async () => {
    expect((await fileError(xlsxBytes())).message).toBe(MSG_EXCEL_FILE);
    expect((await fileError(xlsBytes())).message).toBe(MSG_EXCEL_FILE);
  });

  it('an unclosed quote fails the file with its row number', async () => {
    const e = await fileError(
      Buffer.from(
        'メールアドレス,氏名\r\na@example.com,ok\r\nb@example.com,"open\r\nc@example.com,x\r\n',
      ),
    );
    expect(e.message).toBe('3行目: 引用符（"）が閉じられていません。');
    expect(e.details).toEqual([{ path: '3行目', message: '引用符（"）が閉じられていません。' }]);
  });

  it('a stray quote inside an unquoted value fails the file with its row number', async () => {
    const e = await fileError(Buffer.from('a,b\r\n1,2\r\n3,x"y\r\n'));
    expect(e.message).toMatch(/^3行目: 引用符/);
  });
});

describe('CSV out', () => {
  it('escapes every text cell that a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '＝1'])
      expect(escapeFormula(v)).toBe(`'${v}`);
    expect(escapeFormula('山田 =太郎')).toBe('山田 =太郎');
    expect(unescapeFormula("'=1+1")).toBe('=1+1');
    expect(unescapeFormula("'abc")).toBe("'abc");
  });

  it('escapes a formula after leading blanks or line breaks, and any cell starting with TAB, CR or LF', () => {
    for (const v of [' =1', '\u3000+1', '\n=1', '\r\n@x', '\tabc', '\nabc'])
      expect(escapeFormula(v)).toBe(`'${v}`);
    for (const v of ['abc', ' abc', 'a=b', "'abc", '']) expect(escapeFormula(v)).toBe(v);
  });

  it('the escape is reversible for every value, even one that already begins with apostrophes', () => {
    for (const v of ['=1', "'=1", "''=1", "' =1", "'abc", 'abc', '\t', "'\n"])
      expect(unescapeFormula(escapeFormula(v))).toBe(v);
    expect(escapeFormula("'=1")).toBe("''=1");
  });

  it('quotes a lone CR or LF inside a cell, so it cannot start a row (row injection)', async () => {
    const w = createCsvWriter('utf8bom');
    void w.write(['a\rb', 'c\nd', 'e\r\nf', "株式会社Y\r=cmd|' /C calc'!A0"]).then(() => w.end());
    expect((await readAll(w.output)).subarray(3).toString('utf8')).toBe(
      '"a\rb","c\nd","e\r\nf","株式会社Y\r=cmd|\' /C calc\'!A0"\r\n',
    );
  });

  it('writes Shift_JIS and UTF-8 with BOM, CRLF, quoting only when needed', async () => {
    const sjis = createCsvWriter('sjis');
    void sjis.write(['髙橋', '①', 'a,b', '=cmd']).then(() => sjis.end());
    expect(iconv.decode(await readAll(sjis.output), 'cp932')).toBe('髙橋,①,"a,b",\'=cmd\r\n');
    const utf8 = createCsvWriter('utf8bom');
    void utf8.write(['髙橋', '"q"']).then(() => utf8.end());
    const bytes = await readAll(utf8.output);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('髙橋,"""q"""\r\n');
  });
});
