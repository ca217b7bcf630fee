import { describe, expect, it } from 'vitest';
import { jstFileStamp, jstTimestamp, secondsToNextJstDay, startOfJstDay } from './jst.ts';

describe('JST formatting', () => {
  it('writes the instant in JST to the millisecond with its offset, across the date line', () => {
    expect(jstTimestamp(new Date('2024-03-31T15:04:05.007Z'))).toBe(
      '2024-04-01T00:04:05.007+09:00',
    );
    expect(jstTimestamp(new Date('2024-04-01T00:00:00.000Z'))).toBe(
      '2024-04-01T09:00:00.000+09:00',
    );
    expect(Date.parse(jstTimestamp(new Date(1711897445007)))).toBe(1711897445007);
  });

  it('stamps file names with the JST minute', () => {
    expect(jstFileStamp(new Date('2024-12-31T15:30:59.999Z'))).toBe('20250101-0030');
    expect(jstFileStamp(new Date('2024-04-01T00:05:00Z'))).toBe('20240401-0905');
  });

  it('starts the JST day at 00:00 JST (15:00 UTC the day before) and counts the seconds to the next', () => {
    expect(startOfJstDay(new Date('2024-03-31T15:00:00.000Z'))).toEqual(
      new Date('2024-03-31T15:00:00.000Z'),
    );
    expect(startOfJstDay(new Date('2024-03-31T14:59:59.999Z'))).toEqual(
      new Date('2024-03-30T15:00:00.000Z'),
    );
    expect(secondsToNextJstDay(new Date('2024-03-31T14:59:59.001Z'))).toBe(1);
    expect(secondsToNextJstDay(new Date('2024-03-31T15:00:00.000Z'))).toBe(24 * 3600);
  });
});
