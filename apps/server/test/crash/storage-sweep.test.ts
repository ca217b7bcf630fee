/**
 * What a crash leaves in the staging folders: a dead process's temp file goes, its
 * staged file goes to its key when its row was committed and goes away otherwise; a live process's folder
 * is left alone.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { Readable } from 'node:stream';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLocalStorage, STAGING_DIR } from '../../src/lib/storage.ts';
import { sweepDeadStaging } from '../../src/lib/storage-sweep.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'crash-sweep-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('finishes committed staged files, removes the rest of dead folders, leaves live folders alone', async () => {
  const dead = createLocalStorage(root, { stagingTag: '111' });
  const live = createLocalStorage(root, { stagingTag: '222' });
  await dead.stage('documents/committed.pdf', Buffer.from('%PDF-1 a %%EOF'));
  await dead.stage('documents/uncommitted.pdf', Buffer.from('%PDF-1 b %%EOF'));
  writeFileSync(path.join(root, 'files', STAGING_DIR, '111', 'x.part'), 'half');
  await live.stage('documents/in-flight.pdf', Buffer.from('%PDF-1 c %%EOF'));

  const result = await sweepDeadStaging(
    root,
    new Set(['222']),
    async (key) => key === 'documents/committed.pdf',
  );

  expect(result).toEqual({ removed: 2, promoted: 1 });
  expect(readdirSync(path.join(root, 'files', 'documents'))).toEqual(['committed.pdf']);
  expect(existsSync(path.join(root, 'files', STAGING_DIR, '111'))).toBe(false);
  // The live process still promotes its own file after its commit.
  await live.promote('documents/in-flight.pdf');
  expect(readdirSync(path.join(root, 'files', 'documents')).sort()).toEqual([
    'committed.pdf',
    'in-flight.pdf',
  ]);
});

it('a write that fails leaves no temp file behind; staged files are invisible under their key until promoted', async () => {
  const s = createLocalStorage(root, { stagingTag: '333' });
  mkdirSync(path.join(root, 'files', 'exports'), { recursive: true });
  await s.stage('exports/a.csv', Buffer.from('x'));
  expect(await s.size('exports/a.csv')).toBeNull();
  await s.discard('exports/a.csv');
  const failing = Readable.from(
    (async function* broken() {
      yield Buffer.from('x');
      throw new Error('disk full');
    })(),
  );
  await expect(s.write('exports/b.csv', failing)).rejects.toThrow('disk full');
  expect(readdirSync(path.join(root, 'files', STAGING_DIR, '333'))).toEqual([]);
  expect(readdirSync(path.join(root, 'files', 'exports'))).toEqual([]);
});
