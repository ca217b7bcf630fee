import { describe, expect, it } from 'vitest';
import { hashCopyLine, splitCopyLine } from './audit-copy-line.ts';
import { hashV2 } from './audit-hash.ts';

const columns = (name: string) => [
  'f'.repeat(64),
  '2',
  'e'.repeat(64),
  crypto.randomUUID(),
  crypto.randomUUID(),
  '1234567',
  '0002b1c2d3e4f5a6',
  '',
  name,
  'yamada@example.com',
  '192.0.2.1',
  'UA/1',
  'req-1',
  'member.updated',
  'member',
  'member',
  crypto.randomUUID(),
  'x'.repeat(1234),
  '{"name": {"after": "新", "before": "旧"}}',
];
const copied = (cols: string[]) => Buffer.from(`${cols.join('\t')}\n`);

describe('a COPY line hashed from its bytes', () => {
  it('gives the formula’s hash, byte lengths of several digits included', () => {
    const cols = columns('山田 太郎 🙂');
    const line = copied(cols);
    expect(hashCopyLine(line, 0, line.length - 1)).toEqual({
      seq: 1234567,
      hash: cols[0],
      prevHash: cols[2],
      computed: hashV2(cols),
    });
  });

  it('leaves a line with an escape, or of another version, to the decoding path', () => {
    const escaped = columns('改行\\nあり');
    const line = copied(escaped);
    expect(hashCopyLine(line, 0, line.length - 1)).toBeNull();
    expect(splitCopyLine(escaped.join('\t'))[8]).toBe('改行\nあり');
    const v1 = copied(columns('a').with(1, '1'));
    expect(hashCopyLine(v1, 0, v1.length - 1)).toBeNull();
  });
});
