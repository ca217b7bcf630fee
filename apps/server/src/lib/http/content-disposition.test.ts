import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('Content-Disposition (RFC 6266 / 5987)', () => {
  it('opens a document inline: UTF-8 name, and an ASCII fallback from the same name without quotes or backslashes', () => {
    expect(contentDisposition('inline', '契約 "A".pdf')).toBe(
      `inline; filename="__ _A_.pdf"; filename*=UTF-8''%E5%A5%91%E7%B4%84%20%22A%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).pdf")).toBe(
      `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'a\\b.pdf')).toBe(
      `inline; filename="a_b.pdf"; filename*=UTF-8''a%5Cb.pdf`,
    );
  });

  it('saves a CSV file as an attachment with the server-chosen ASCII fallback', () => {
    expect(contentDisposition('attachment', 'メンバー一覧_1.csv', 'members_1.csv')).toBe(
      `attachment; filename="members_1.csv"; filename*=UTF-8''${encodeURIComponent('メンバー一覧_1.csv')}`,
    );
    expect(contentDisposition('attachment', '一覧.csv', 'list "1".csv')).toBe(
      `attachment; filename="list _1_.csv"; filename*=UTF-8''%E4%B8%80%E8%A6%A7.csv`,
    );
  });
});
