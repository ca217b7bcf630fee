import { describe, expect, it } from 'vitest';
import { jstDateTime } from './jst.ts';

const intl = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

describe('jstDateTime: the times of the CSVs and mails, in JST', () => {
  it('cross the date line at 15:00 UTC, and read back as Excel dates', () => {
    expect(jstDateTime(new Date('2026-11-24T14:59:59.999Z'))).toBe('2026/11/24 23:59:59');
    expect(jstDateTime(new Date('2026-11-24T15:00:00Z'))).toBe('2026/11/25 00:00:00');
    expect(jstDateTime(new Date('2024-02-28T15:00:00Z'))).toBe('2024/02/29 00:00:00');
    expect(jstDateTime(new Date('2026-12-31T15:00:00Z'))).toBe('2027/01/01 00:00:00');
  });

  it('agree with the Asia/Tokyo time zone over a century of events', () => {
    const from = Date.UTC(1960, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const d = new Date(from + Math.floor(Math.random() * (to - from)));
      expect(jstDateTime(d), d.toISOString()).toBe(intl.format(d).replaceAll('-', '/'));
    }
  });
});
