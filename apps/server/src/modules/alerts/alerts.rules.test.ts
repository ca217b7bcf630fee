/**
 * Alert rules without a database: the alerts repository answers what each member reads and which cabinets have
 * rules, in the company of the cabinet rule tests (test/support/cabinet-rules.world.ts), so each test states a
 * rule and the deadlines a member is shown or mailed.
 */
import { describe, expect, it } from 'vitest';
import type { StoredAlertRule } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../config/env.ts';
import type { AppDeps } from '../../deps.ts';
import { readsDocumentIn } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { fakeDb, fakeOf } from '../../../test/support/fakes.ts';
import {
  ALL,
  FILED,
  HR,
  NOW,
  SALES,
  caller,
  companyAdmin,
  readableOf,
  salesAdmin,
} from '../../../test/support/cabinet-rules.world.ts';
import type * as repo from './alerts.repository.ts';
import { runAlertDigests } from './alert-digest.ts';
import { upcoming, type Ctx } from './alerts.service.ts';

/** Reads 法務 only. */
const reader = caller('reader');
/** 解約通知期限 30 days before: every document's falls ten days from NOW. */
const RULE: StoredAlertRule = {
  key: 'validityEndNoticeAt:30',
  dateItem: 'validityEndNoticeAt',
  daysBefore: 30,
};
const withRules = (c: typeof ALL, memberIds: string[] = []): repo.CabinetRules => ({
  cabinetId: c.id,
  companyId: 'company-a',
  cabinetName: c.name,
  isSystem: c.id === ALL.id,
  rules: [RULE],
  memberIds,
  groupIds: [],
});
const doc = (id: string): repo.DigestDoc => ({
  id,
  title: `契約書 ${id}`,
  counterparty: null,
  validityStartAt: null,
  validityEndAt: null,
  validityEndNoticeAt: '2026-12-09',
  autoUpdate: 2,
  cabinetIds: [FILED[id]!],
});
/** The documents a cabinet's alerts look at: its own, or every document for 「すべての書類」. */
const docsOf = (c: Pick<repo.CabinetRules, 'cabinetId' | 'isSystem'>) =>
  Object.keys(FILED)
    .filter((id) => c.isSystem || FILED[id] === c.cabinetId)
    .map(doc);

/** Rules on 「すべての書類」, 営業 and 人事, each mailed to the members `recipients` names. */
function world(recipients: string[] = []) {
  const outbox: string[] = [];
  const rules = [withRules(ALL, recipients), withRules(SALES), withRules(HR)];
  const alerts = fakeOf<typeof repo>({
    readableCabinets: async (_db, who) => readableOf(who),
    cabinetsWithRules: async (_db, only = {}) =>
      rules.filter((c) => !only.cabinetIds || only.cabinetIds.includes(c.cabinetId)),
    // The candidates' SQL keeps the documents the reader reads.
    alertCandidates: async (_db, c, readable) =>
      docsOf(c).filter((d) => readsDocumentIn(readable, d.cabinetIds)),
    digestCandidates: async (_db, c) => docsOf(c),
    recipientsOf: async (_db, c) =>
      c.memberIds.map((id) => ({
        id,
        email: `${id}@example.test`,
        name: id,
        isCompanyAdmin: false,
      })),
    insertSentKeys: async (_tx, _c, _o, keys) => keys,
    insertOutbox: async (_tx, row) => {
      const mailed = Object.keys(FILED).filter((id) => row.body.includes(id));
      outbox.push(`${row.userId}: ${mailed.join()}`);
    },
  });
  const deps = {
    database: fakeOf<Database>({ db: fakeDb() }),
    clock: () => NOW,
    env: fakeOf<Env>({ SITE_URL: 'https://console.example.test' }),
    logger: fakeOf<AppDeps['logger']>({ info: () => {} }),
    alerts,
  };
  const ctx = (auth: AuthContext) =>
    ({ db: deps.database.db, auth, clock: () => NOW, alerts }) satisfies Ctx;
  return { ctx, deps, outbox };
}

/** Each deadline shown as `cabinet document`. */
const shown = async (w: ReturnType<typeof world>, auth: AuthContext) =>
  (await upcoming(w.ctx(auth))).items.map((i) => `${i.cabinetName} ${i.documentId}`);

describe('期限が近い書類', () => {
  it('a member sees the rules of the cabinets he reads, on documents he reads; an admin every cabinet’s', async () => {
    const w = world();
    // He reads 営業 and 法務: not 人事, nor 「すべての書類」 (whose rule would show him 法務's document).
    expect(await shown(w, salesAdmin)).toEqual(['営業 d-sales']);
    expect(await shown(w, companyAdmin)).toEqual([
      'すべての書類 d-hr',
      '人事 d-hr',
      'すべての書類 d-legal',
      'すべての書類 d-sales',
      '営業 d-sales',
    ]);
  });
});

describe('the daily digest', () => {
  it('mails a recipient of 「すべての書類」 only the documents he reads', async () => {
    const w = world([salesAdmin.user.id, reader.user.id]);
    expect(await runAlertDigests(w.deps)).toBe(2);
    expect(w.outbox).toEqual(['sales-admin: d-sales,d-legal', 'reader: d-legal']);
  });
});
