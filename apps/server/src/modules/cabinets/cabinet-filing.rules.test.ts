/**
 * How documents come into a cabinet, without a database: filing by id or by search condition, and classification
 * rules. The cabinets repository answers who may read, manage and edit (test/support/cabinet-rules.world.ts),
 * so each test states a rule and the answer the caller gets, with nothing written when it is refused.
 */
import { describe, expect, it } from 'vitest';
import { RULES_NEED_COMPANY_ADMIN } from '@cloudsign/contract';
import { failure } from '../../../test/support/error-body.ts';
import { fakeOf } from '../../../test/support/fakes.ts';
import {
  cabinetRulesWorld as world,
  companyAdmin,
  salesAdmin,
} from '../../../test/support/cabinet-rules.world.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { fileDocuments, NOT_EDITABLE_MESSAGE } from './cabinet-documents.service.ts';
import { addRules, dryRun, removeRules } from './classification-rules.service.ts';

const forbidden = { code: 'forbidden', status: 403, message: 'この操作を行う権限がありません。' };
const notEditable = (path: string) => ({
  code: 'forbidden',
  status: 403,
  message: NOT_EDITABLE_MESSAGE,
  details: [{ path, message: NOT_EDITABLE_MESSAGE }],
});

/** The documents a search of cabinet `cabinetId` lists, with no other condition. */
const listedIn = (cabinetId: string) => ({ conditions: { cabinetId, options: {} } });

describe('filing documents into a cabinet', () => {
  it('only into, and out of, a cabinet the caller manages: 403, nothing written', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    // He reads 法務 but does not manage it.
    const into = fileDocuments(asSalesAdmin, 'legal', { documentIds: ['d-sales'] });
    expect(await failure(into)).toMatchObject(forbidden);
    const out = { documentIds: ['d-legal'], fromCabinetId: 'legal' };
    expect(await failure(fileDocuments(asSalesAdmin, 'sales', out))).toMatchObject(forbidden);
    expect(w.writes).toEqual([]);
  });

  it('only documents the caller may edit, by id or by condition: a document he only reads is 403', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    const byId = fileDocuments(asSalesAdmin, 'sales', { documentIds: ['d-legal'] });
    expect(await failure(byId)).toEqual(notEditable('documentIds'));
    const byCondition = fileDocuments(asSalesAdmin, 'sales', listedIn('legal'));
    expect(await failure(byCondition)).toEqual(notEditable('conditions'));
    expect(w.writes).toEqual([]);
    // A company admin edits every document: the same filing goes through, with one event.
    const filed = await fileDocuments(w.ctx(companyAdmin), 'sales', listedIn('legal'));
    expect(filed).toEqual({ linked: 1, unlinked: 0 });
    expect(w.writes).toEqual(['link d-legal', expect.stringMatching(/^audit document\.filed /)]);
  });

  it('a condition naming a cabinet the caller cannot read is 404 on that field', async () => {
    const w = world();
    const fromHr = fileDocuments(w.ctx(salesAdmin), 'sales', listedIn('hr'));
    expect(await failure(fromHr)).toEqual({
      code: 'not_found',
      status: 404,
      message: '指定されたキャビネットが見つかりません。',
      details: [
        { path: 'conditions.cabinetId', message: '指定されたキャビネットが見つかりません。' },
      ],
    });
    expect(w.writes).toEqual([]);
  });
});

describe('classification rules', () => {
  const jobs = fakeOf<Jobs>({});
  const refused = { code: 'forbidden', status: 403, message: RULES_NEED_COMPANY_ADMIN };

  it('are a company admin’s: a cabinet’s own admin neither sets, removes nor tries them', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    const add = addRules({ ...asSalesAdmin, jobs }, 'sales', {
      memberGroupIds: ['g2'],
      backfill: false,
    });
    expect(await failure(add)).toMatchObject(refused);
    expect(await failure(removeRules(asSalesAdmin, 'sales', ['g1']))).toMatchObject(refused);
    expect(await failure(dryRun(asSalesAdmin, 'sales', ['g2']))).toMatchObject(refused);
    expect(w.writes).toEqual([]);
    expect(await dryRun(w.ctx(companyAdmin), 'sales', ['g2'])).toBe(3);
  });

  it('「すべての書類」 has none: 409', async () => {
    const w = world();
    expect(await failure(dryRun(w.ctx(companyAdmin), 'all', ['g2']))).toMatchObject({
      code: 'system_protected',
      status: 409,
    });
  });
});
