/**
 * Each process's copy of a company's IP restriction (ip-restriction.cache.ts) under an IdP's concurrency: the
 * requests that find the copy stale at the same moment wait for one read of the version, not one each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { recordStatements } from '../../../test/support/record-statements.ts';
import { POLL_MS, forgetCompany, scopeRule } from './ip-restriction.cache.ts';
import { saveRestriction } from './ip-restriction.repository.ts';

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps();
}, 180_000);
afterAll(async () => {
  await deps.cleanup();
});

describe('the cached IP restriction under concurrent requests', () => {
  it('20 requests finding the copy stale read the version once, and all see a save', async () => {
    const companyId = (await makeCompany(deps)).id;
    const t0 = Date.now();
    const statements = await recordStatements(deps, async (db: Db) => {
      const database = { ...deps.database, db };
      expect((await scopeRule(database, companyId, 'scim', t0)).mode).toBe('off');
      const stale = () =>
        Promise.all(
          Array.from({ length: 20 }, () => scopeRule(database, companyId, 'scim', t0 + POLL_MS)),
        );
      expect((await stale()).map((r) => r.mode)).toEqual(Array(20).fill('off'));
      // Saved by another process: the next stale moment reads it, once, for all of them.
      await saveRestriction(
        deps.database.db,
        companyId,
        {
          console: { mode: 'off', ranges: [] },
          scim: { mode: 'enforce', ranges: [{ cidr: '192.0.2.0/24', memo: '本社' }] },
          sso: { mode: 'off', ranges: [] },
        },
        1,
        new Date(),
      );
      const later = await Promise.all(
        Array.from({ length: 20 }, () => scopeRule(database, companyId, 'scim', t0 + 2 * POLL_MS)),
      );
      expect(later.map((r) => [r.mode, r.allows('192.0.2.7'), r.allows('198.51.100.1')])).toEqual(
        Array(20).fill(['enforce', true, false]),
      );
      forgetCompany(database, companyId);
    });
    const reads = statements.filter((s) => /from "ip_restrictions"/.test(s.sql));
    // The first copy (row), one version read at the first stale moment, version and row at the second.
    expect(reads).toHaveLength(4);
  });
});
