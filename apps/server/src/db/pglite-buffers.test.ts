import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteAt } from './client.ts';
import { compileWithBuffers, PINNED_PGLITE } from './pglite-buffers.ts';

const sharedBuffers = async (mb?: number) => {
  const { database, client } = await openPgliteAt(undefined, mb);
  try {
    return (await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]
      ?.shared_buffers;
  } finally {
    await database.close();
  }
};

describe('the embedded database’s shared buffers', () => {
  it('are 32 MB unless set, and what PGLITE_SHARED_BUFFERS_MB asks for when set', async () => {
    expect(await sharedBuffers()).toBe('32MB');
    expect(await sharedBuffers(64)).toBe('64MB');
    expect(await sharedBuffers(128)).toBe('128MB');
  });

  it('are PGlite’s own, said on stderr with the cause, when its module does not hold the argument', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-wasm-'));
    try {
      const file = path.join(dir, 'pglite.wasm');
      writeFileSync(file, 'another PGlite: shared_buffers=256MB');
      const warned = new Promise<Error & { code?: string }>((resolve) => {
        const on = (w: Error & { code?: string }) => {
          if (w.code !== 'CLOUDSIGN_PGLITE_SHARED_BUFFERS') return;
          process.off('warning', on);
          resolve(w);
        };
        process.on('warning', on);
      });
      expect(await compileWithBuffers(32, file)).toBeUndefined();
      const warning = await warned;
      expect(warning.message).toContain('PGLITE_SHARED_BUFFERS_MB=32 is not applied');
      expect(warning.message).toContain(`${PINNED_PGLITE} expected`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('come from the PGlite package.json pins, the one whose module holds the argument', () => {
    const pkg = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../../package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@electric-sql/pglite']).toBe(PINNED_PGLITE);
  });
});
