import { describe, expect, it } from 'vitest';
import { auditFilterOf } from './filter.ts';

describe('the audit log’s filter read from its URL', () => {
  it('reads days as a person types them (the form sent before the console ran) as the API’s days', () => {
    const params = new URLSearchParams(
      'from=2026/11/1&to=令和8年11月30日&actorEmail=&category=&keyword=+高橋+&actorId=a1',
    );
    expect(auditFilterOf(params)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      keyword: '高橋',
      actorId: 'a1',
    });
  });

  it('keeps a day that does not exist as typed, for the API to say why', () => {
    expect(auditFilterOf(new URLSearchParams('from=2026/13/1'))).toEqual({ from: '2026/13/1' });
  });
});
