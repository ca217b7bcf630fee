import { describe, expect, it } from 'vitest';
import { isSameVersion, parseVersionCell, versionCell } from './version-cell.ts';

// 2025/09/09 05:15:27.444 JST, the example.
const stored = new Date('2025-09-08T20:15:27.444Z');

describe('更新日時 cell of the bulk edit files', () => {
  it('is written as a JST date and time a spreadsheet reads as a date, to the second', () => {
    expect(versionCell(stored)).toBe('2025/09/09 05:15:27');
    expect(versionCell(new Date('2025-12-31T15:00:00.000Z'))).toBe('2026/01/01 00:00:00');
  });

  it('matches the stored instant at the precision the file kept', () => {
    const same = [
      '2025/09/09 05:15:27', // as downloaded
      '2025/9/9 5:15', // re-saved by Excel or LibreOffice in Japanese: the seconds gone
      '2025/9/9 5:15:27',
      '2025-09-09 05:15:27',
      '２０２５/９/９ ５:１５', // typed back in full width
      '2025-09-09T05:15:27.444+09:00', // a file exported before this form: exact
      '2025-09-08T20:15:27.444Z',
    ];
    for (const cell of same) {
      const v = parseVersionCell(cell);
      expect(v, cell).not.toBeNull();
      expect(isSameVersion(v!, stored), cell).toBe(true);
    }
  });

  it('tells a later or earlier change apart as soon as it falls in another unit of the cell', () => {
    const later = new Date(stored.getTime() + 1000); // 05:15:28.444
    expect(isSameVersion(parseVersionCell('2025/09/09 05:15:27')!, later)).toBe(false);
    expect(isSameVersion(parseVersionCell('2025-09-09T05:15:27.444+09:00')!, later)).toBe(false);
    // A minute-only cell cannot see a change within the same minute (docs/decisions.md), only after it.
    expect(isSameVersion(parseVersionCell('2025/9/9 5:15')!, later)).toBe(true);
    expect(
      isSameVersion(parseVersionCell('2025/9/9 5:15')!, new Date('2025-09-08T20:16:00Z')),
    ).toBe(false);
    expect(isSameVersion(parseVersionCell('2025/9/9 5:16')!, stored)).toBe(false);
    // The exact form keeps the millisecond: one millisecond later is another version.
    const exact = parseVersionCell('2025-09-09T05:15:27.444+09:00')!;
    expect(isSameVersion(exact, new Date(stored.getTime() + 1))).toBe(false);
  });

  it('refuses what is not a time the file could have held', () => {
    for (const cell of [
      '',
      'abc',
      '2025/2/30 12:00',
      '2025/09/09 24:00',
      '2025/09/09',
      '09/09/2025 05:15',
    ])
      expect(parseVersionCell(cell), cell).toBeNull();
  });
});
