/**
 * Cabinet rules without a database: the cabinets repository (with who may read and manage) and the transaction
 * are fakes (test/support/cabinet-rules.world.ts), so each test states a rule (404 before 403, who creates and deletes, 「すべての書類」, unique
 * names, stale saves, all-or-nothing links) and the answer the caller gets.
 */
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/support/error-body.ts';
import {
  cabinetRulesWorld as world,
  caller,
  companyAdmin,
  LEGAL,
  NOW,
  salesAdmin,
  V1,
} from '../../../test/support/cabinet-rules.world.ts';
import {
  addAdmins,
  addMemberGroups,
  cabinetView,
  createCabinet,
  deleteCabinet,
  loadReadable,
  removeAdmins,
  updateCabinet,
} from './cabinets.service.ts';
import { readableCabinetsOf } from './access.service.ts';

const version = (v: string) => ({ kind: 'version', version: v }) as const;
const ANY = { kind: 'any' } as const;

const notFound = { code: 'not_found', status: 404 };
const forbidden = { code: 'forbidden', status: 403, message: 'この操作を行う権限がありません。' };

describe('who may read and change a cabinet', () => {
  it('a cabinet of no one the caller may see is 404, one he may not read 403', async () => {
    const w = world();
    expect(await failure(loadReadable(w.ctx(caller('reader')), 'elsewhere'))).toMatchObject(
      notFound,
    );
    expect(await failure(loadReadable(w.ctx(caller('reader')), 'sales'))).toMatchObject(forbidden);
    expect(await loadReadable(w.ctx(caller('reader')), 'legal')).toBe(LEGAL);
    // Read through a group, yet not his to manage: the answer says so.
    expect(await cabinetView(w.ctx(salesAdmin), 'legal')).toMatchObject({ isAdmin: false });
    expect(await cabinetView(w.ctx(salesAdmin), 'sales')).toMatchObject({ isAdmin: true });
  });

  it('only a company admin creates or deletes; a cabinet admin renames his own, not another', async () => {
    const w = world();
    const body = { name: '総務', note: '' };
    expect(await failure(createCabinet(w.ctx(salesAdmin), body))).toMatchObject(forbidden);
    expect(await failure(deleteCabinet(w.ctx(salesAdmin), 'sales'))).toMatchObject(forbidden);
    // Another company's (or no) cabinet is missing before it is forbidden.
    expect(await failure(deleteCabinet(w.ctx(salesAdmin), 'elsewhere'))).toMatchObject(notFound);
    const rename = { name: '法務2', note: '' };
    expect(
      await failure(updateCabinet(w.ctx(salesAdmin), 'legal', rename, version(V1.toISOString()))),
    ).toMatchObject(forbidden);
    expect(w.writes).toEqual([]);
    await updateCabinet(w.ctx(salesAdmin), 'sales', { name: '営業部', note: '' }, ANY);
    expect(w.writes).toEqual([
      'update sales 営業部',
      'audit cabinet.updated {"name":{"before":"営業","after":"営業部"}}',
    ]);
  });

  it('「すべての書類」 is neither renamed nor deleted: 409', async () => {
    const w = world();
    expect(
      await failure(updateCabinet(w.ctx(companyAdmin), 'all', { name: '全部', note: '' }, ANY)),
    ).toEqual({
      code: 'system_protected',
      status: 409,
      message: '「すべての書類」の名前と備考は変更できません。',
      details: undefined,
    });
    expect(await failure(deleteCabinet(w.ctx(companyAdmin), 'all'))).toMatchObject({
      code: 'system_protected',
      status: 409,
      message: '「すべての書類」は削除できません。',
    });
    expect(w.writes).toEqual([]);
    expect(await deleteCabinet(w.ctx(companyAdmin), 'sales')).toBe(7);
    expect(w.writes).toEqual(['delete sales', 'audit cabinet.deleted {}']);
  });
});

describe('cabinet names and versions', () => {
  const taken = {
    code: 'name_taken',
    status: 409,
    message: 'このキャビネット名はすでに使われています。',
    details: [{ path: 'name', message: 'このキャビネット名はすでに使われています。' }],
  };

  it('a taken name answers 409 on the name field, whether found first or by the unique index', async () => {
    const w = world();
    const admin = w.ctx(companyAdmin);
    expect(await failure(createCabinet(admin, { name: '法務', note: '' }))).toEqual(taken);
    expect(await failure(updateCabinet(admin, 'sales', { name: '法務', note: '' }, ANY))).toEqual(
      taken,
    );
    expect(w.writes).toEqual([]);
    const raced = world({ uniqueViolationOnWrite: true }).ctx(companyAdmin);
    expect(await failure(createCabinet(raced, { name: '総務', note: '' }))).toEqual(taken);
    expect(await failure(updateCabinet(raced, 'sales', { name: '総務', note: '' }, ANY))).toEqual(
      taken,
    );
    // Its own name is not taken: a note alone changes.
    await updateCabinet(admin, 'sales', { name: '営業', note: '東日本' }, ANY);
    expect(w.writes).toEqual([
      'update sales 営業',
      'audit cabinet.updated {"note":{"before":"","after":"東日本"}}',
    ]);
  });

  it('a save names the version it was based on: stale 409, none 428; an identical one writes nothing', async () => {
    const w = world();
    const admin = w.ctx(companyAdmin);
    const body = { name: '営業部', note: '' };
    expect(
      await failure(updateCabinet(admin, 'sales', body, version('2026-03-01T00:00:00.000Z'))),
    ).toMatchObject({ code: 'stale_version', status: 409 });
    expect(await failure(updateCabinet(admin, 'sales', body, { kind: 'none' }))).toMatchObject({
      code: 'version_required',
      status: 428,
    });
    await updateCabinet(admin, 'sales', { name: '営業', note: '' }, version(V1.toISOString()));
    expect(w.writes).toEqual([]);
  });

  it('a rename’s 更新日時 is the clock’s time, the version the next save must name', async () => {
    const w = world();
    await updateCabinet(w.ctx(companyAdmin), 'sales', { name: '営業部', note: '' }, ANY);
    expect(w.savedAt).toEqual([NOW.toISOString()]);
  });
});

describe('who reads a cabinet and who administers it', () => {
  it('every id must be the company’s, or 404 naming what is missing and nothing written', async () => {
    const w = world();
    const admin = w.ctx(companyAdmin);
    expect(await failure(addMemberGroups(admin, 'sales', ['g2', 'elsewhere']))).toEqual({
      code: 'not_found',
      status: 404,
      message: '指定されたメンバーグループが見つかりません。',
      details: undefined,
    });
    expect(await failure(addAdmins(admin, 'sales', ['u2', 'elsewhere']))).toMatchObject({
      code: 'not_found',
      message: '指定されたメンバーが見つかりません。',
    });
    expect(w.writes).toEqual([]);
  });

  it('the event names only what changed; adding what is there or removing what is not records nothing', async () => {
    const w = world();
    const admin = w.ctx(salesAdmin);
    await addMemberGroups(admin, 'sales', ['g1', 'g2']);
    await addAdmins(admin, 'sales', ['u1']);
    await removeAdmins(admin, 'sales', ['u2']);
    expect(w.writes).toEqual([
      'link g2',
      'audit cabinet.groupsGranted {"groups":[{"id":"g2","name":"法務部"}]}',
      'link ',
      'unlink ',
    ]);
  });
});

describe('what a member reads (アクセスできる人)', () => {
  it('a member asks only about himself (403 for a colleague), a company admin about anyone of the company', async () => {
    const w = world();
    const asReader = w.ctx(caller('reader'));
    const names = async (p: ReturnType<typeof readableCabinetsOf>) => (await p).map((c) => c.name);
    expect(await failure(readableCabinetsOf(asReader, 'sales-admin'))).toEqual(forbidden);
    expect(await names(readableCabinetsOf(asReader, 'reader'))).toEqual(['法務']);
    expect(await names(readableCabinetsOf(w.ctx(companyAdmin), 'sales-admin'))).toEqual([
      '営業',
      '法務',
    ]);
    expect(await failure(readableCabinetsOf(w.ctx(companyAdmin), 'nobody'))).toMatchObject(
      notFound,
    );
  });
});
