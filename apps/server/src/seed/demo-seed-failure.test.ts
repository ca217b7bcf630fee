import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import type { FileStorage } from '../lib/storage.ts';
import * as s from '../db/schema.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
}, 60_000);
afterAll(() => deps.cleanup());

const filesOnDisk = () => {
  try {
    return readdirSync(deps.storage.pathOf('documents/x.pdf').replace(/\/x\.pdf$/, ''));
  } catch {
    return [];
  }
};

describe('demo seed failure', () => {
  it('leaves neither rows nor files when a file cannot be written', async () => {
    let writes = 0;
    // The disk "fills up" at the 300th PDF: everything written so far must go away with the rolled-back rows.
    const failing: FileStorage = {
      ...deps.storage,
      write: async (key, source) => {
        if (++writes === 300) throw new Error('disk full');
        return deps.storage.write(key, source);
      },
    };
    await expect(
      seedDemoIfEmpty({ db: deps.database.db, storage: failing, now: new Date() }),
    ).rejects.toThrow('disk full');
    const [row] = await deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.companies);
    expect(row!.n).toBe(0);
    const [docs] = await deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.documents);
    expect(docs!.n).toBe(0);
    // Writes in flight when the failure came have finished before the clean-up (allSettled): nothing is left.
    expect(filesOnDisk()).toEqual([]);
  }, 120_000);

  it('leaves no orphan files after a crash that skipped the clean-up', async () => {
    // A process killed mid-seed never runs its clean-up: files stay, rows do not (never committed).
    let writes = 0;
    const crashing: FileStorage = {
      ...deps.storage,
      write: async (key, source) => {
        if (++writes === 500) throw new Error('killed');
        return deps.storage.write(key, source);
      },
      remove: async () => {},
    };
    await expect(
      seedDemoIfEmpty({ db: deps.database.db, storage: crashing, now: new Date() }),
    ).rejects.toThrow('killed');
    expect(filesOnDisk().length).toBeGreaterThan(400);
    // The next start draws the same file keys, so it overwrites what the crash left.
    const summary = await seedDemoIfEmpty({
      db: deps.database.db,
      storage: deps.storage,
      now: new Date(),
    });
    expect(summary?.companies.map((c) => c.documents)).toEqual([2000, 20]);
    const keys = (
      await deps.database.db.select({ key: s.documentFiles.storageKey }).from(s.documentFiles)
    ).map((r) => r.key.replace('documents/', ''));
    expect(filesOnDisk().sort()).toEqual(keys.sort());
  }, 180_000);
});
