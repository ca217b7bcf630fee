import { appendFileSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants } from 'node:buffer';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAnchor, lastAnchorInFile } from './audit-anchor.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-anchor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const anchor = (seq: number, companyId = 'a'.repeat(8) + '-1111-4111-8111-' + '1'.repeat(12)) => ({
  companyId,
  seq,
  hash: seq.toString(16).padStart(64, '0'),
});

describe('the anchor of a file handed to audit:verify --anchor-file', () => {
  it('is the last one in the file, of the company named when one is', async () => {
    const other = anchor(9, crypto.randomUUID());
    const file = path.join(dir, 'export.csv');
    // A Shift_JIS export: rows, then the anchor line; a name in a row may look like an anchor too.
    const text = [
      '日時（JST）,番号,操作者',
      `2026-11-01 09:00:00,1,"${formatAnchor(anchor(1))}"`,
      `2026-11-02 09:00:00,2,"経理\r\n部"`,
      `2026-11-02 09:00:00,3,,,,,,,,チェーンの先頭（検証用アンカー）,,,,${formatAnchor(anchor(3))}`,
      formatAnchor(other),
      '',
    ].join('\r\n');
    writeFileSync(file, iconv.encode(text, 'cp932'));
    expect(await lastAnchorInFile(file)).toEqual(other);
    expect(await lastAnchorInFile(file, anchor(3).companyId.toUpperCase())).toEqual(anchor(3));
    expect(await lastAnchorInFile(file, crypto.randomUUID())).toBeNull();
  });

  it('is found across the file’s pieces, in a file larger than one string can hold', async () => {
    const file = path.join(dir, 'large.csv');
    // The anchor straddles the first 1 MiB read.
    writeFileSync(file, `${'x'.repeat((1 << 20) - 60)}\r\n${formatAnchor(anchor(5))}\r\n`);
    expect(await lastAnchorInFile(file)).toEqual(anchor(5));
    // 600 MiB (sparse: nothing written) before the anchor; read whole as text it would throw.
    const size = 600 << 20;
    expect(size).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    truncateSync(file, size);
    appendFileSync(file, `\r\n${formatAnchor(anchor(6))}\r\n`);
    expect(await lastAnchorInFile(file)).toEqual(anchor(6));
    rmSync(file);
  });

  it('refuses a file that cannot be read', async () => {
    await expect(lastAnchorInFile(path.join(dir, 'missing.csv'))).rejects.toThrow();
  });
});
