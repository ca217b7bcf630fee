import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime } from './format.ts';

describe('Japanese display formats', () => {
  it('dates and times are Japan time, across the date line', () => {
    expect(formatDateTime('2024-03-31T15:30:00.000Z')).toBe('2024/04/01 00:30');
    expect(formatDate('2024-03-31T15:30:00.000Z')).toBe('2024/04/01');
    expect(formatDateTime(null)).toBe('—');
  });

  it('counts carry thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
