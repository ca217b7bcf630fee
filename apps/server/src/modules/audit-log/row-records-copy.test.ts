import { describe, expect, it } from 'vitest';
import { auditRowRecords } from '../../db/schema.ts';
import { timestamptzFromText } from './row-records-copy.ts';

describe("verify's worker reads a row record's time as the ORM does", () => {
  // Texts as PostgreSQL writes a timestamptz in COPY: microseconds, whole seconds, offsets other than UTC.
  const texts = [
    '2026-11-30 15:04:05.123456+00',
    '2026-11-30 15:04:05+00',
    '2026-01-01 00:00:00.5+09',
    '1999-12-31 23:59:59.999999-05:30',
  ];
  it.each(texts)('%s', (text) => {
    const ours = timestamptzFromText(text);
    expect(Number.isNaN(ours.getTime())).toBe(false);
    expect(ours.getTime()).toBe(
      (auditRowRecords.occurredAt.mapFromDriverValue(text) as Date).getTime(),
    );
  });
  it('to the millisecond of the instant written', () => {
    expect(timestamptzFromText('2026-01-01 00:00:00.5+09').toISOString()).toBe(
      '2025-12-31T15:00:00.500Z',
    );
  });
});
