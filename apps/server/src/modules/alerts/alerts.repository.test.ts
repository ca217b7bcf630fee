/**
 * The digest's sent keys at a large company's size: the admin of every cabinet may be due tens of thousands of
 * documents in one morning, more than one statement's 65,535 parameters hold (7 per key).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeWorld } from '../../../test/support/cabinets.world.ts';
import { insertSentKeys, type SentKey } from './alerts.repository.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

describe('insertSentKeys', () => {
  it('inserts 12,000 keys of one recipient in one transaction, and none of them twice', async () => {
    const w = await makeWorld(deps);
    const keys: SentKey[] = Array.from({ length: 12_000 }, () => ({
      cabinetId: w.cabinets.contracts.id,
      ruleKey: 'validityEndNoticeAt:30',
      documentId: crypto.randomUUID(),
      deadline: '2027-03-31',
      userId: w.users.admin.id,
    }));
    const first = await deps.database.db.transaction((tx) =>
      insertSentKeys(tx, w.company.id, crypto.randomUUID(), keys),
    );
    expect(first).toHaveLength(12_000);
    const again = await deps.database.db.transaction((tx) =>
      insertSentKeys(tx, w.company.id, crypto.randomUUID(), [...keys.slice(0, 10), ...keys]),
    );
    expect(again).toEqual([]);
  });
});
