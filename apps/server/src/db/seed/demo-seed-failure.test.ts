import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.ts';
import type { FileStorage } from '../../lib/storage.ts';
import * as s from '../schema.ts';
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
    await expect(seedDemoIfEmpty({ db: deps.database.db, storage: failing, now: new Date() })).rejects.toThrow('disk full');
    const [row] = await deps.database.db.select({ n: sql<number>`count(*)::int` }).from(s.companies);
    expect(row!.n).toBe(0);
    const [docs] = await deps.database.db.select({ n: sql<number>`count(*)::int` }).from(s.documents);
    expect(docs!.n).toBe(0);
    // Writes in flight when the failure came have finished before the clean-up (allSettled): nothing is left.
    expect(filesOnDisk()).toEqual([]);
  }, 120_000);

  it('seeds completely on the next start', async () => {
    const summary = await seedDemoIfEmpty({ db: deps.database.db, storage: deps.storage, now: new Date() });
    expect(summary?.companies.map((c) => c.documents)).toEqual([2000, 20]);
    expect(filesOnDisk().filter((f) => f.endsWith('.pdf'))).toHaveLength(2020);
  }, 120_000);
});
