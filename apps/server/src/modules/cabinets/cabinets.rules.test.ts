/**
 * Cabinet rules without a database: the cabinets repository (with who may read and manage) and the transaction
 * are plain objects, so each test states a rule (404 before 403, who creates and deletes, 「すべての書類」, unique
 * names, stale saves, all-or-nothing links) and the answer the caller gets.
 */
import { describe, expect, it } from 'vitest';
import { EntityType, type TCabinet } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { failure } from '../../../test/support/error-body.ts';
import { callerOf, fakeDb, fakeOf } from '../../../test/support/fakes.ts';
import type * as repo from './cabinets.repository.ts';
import type { CabinetRow } from './cabinets.repository.ts';
import {
  addAdmins,
  addMemberGroups,
  cabinetView,
  createCabinet,
  deleteCabinet,
  loadReadable,
  removeAdmins,
  updateCabinet,
  type Ctx,
} from './cabinets.service.ts';

const V1 = new Date('2026-04-01T00:00:00.000Z');
/** The clock of every rule below. */
const NOW = new Date('2026-11-29T09:00:00.000Z');
const version = (v: string) => ({ kind: 'version', version: v }) as const;
const ANY = { kind: 'any' } as const;

const cabinet = (id: string, name: string, type: number = EntityType.User): CabinetRow => ({
  id,
  companyId: 'company-a',
  name,
  note: '',
  type,
  createdAt: V1,
  updatedAt: V1,
});
/** The list's answer for `row`, as the caller may manage it. */
const view = ({ id, name, note, type }: CabinetRow): TCabinet => ({
  id,
  name,
  note,
  type: type === EntityType.System ? EntityType.System : EntityType.User,
  isAdmin: true,
  admins: [],
  memberGroups: [],
  classificationRules: [],
  documentCount: 0,
  updatedAt: V1.toISOString(),
});
const ALL = cabinet('all', 'すべての書類', EntityType.System);
const SALES = cabinet('sales', '営業');
const LEGAL = cabinet('legal', '法務');

const caller = (id: string, isCompanyAdmin = false) =>
  callerOf(id, { roles: isCompanyAdmin ? ['CompanyAdmin'] : [] });
const companyAdmin = caller('admin', true);
/** Administers 営業 (and so reads it); reads 法務 through a group. */
const salesAdmin = caller('sales-admin');
const MANAGES: Record<string, string[]> = { 'sales-admin': ['sales'] };
const READS: Record<string, string[]> = { 'sales-admin': ['sales', 'legal'], reader: ['legal'] };

/** A company of those three cabinets, two groups and two members; records every write and event. */
function world(opts: { uniqueViolationOnWrite?: boolean } = {}) {
  const writes: string[] = [];
  /** The 更新日時 each update wrote. */
  const savedAt: string[] = [];
  const rows = [ALL, SALES, LEGAL];
  const names: Record<string, string> = { g1: '営業部', g2: '法務部', u1: '一郎', u2: '二郎' };
  const links = new Set(['sales:g1', 'sales:u1']);
  const find = (id: string) => rows.find((r) => r.id === id) ?? null;
  const raced = () => {
    if (opts.uniqueViolationOnWrite)
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
  };
  const link = (on: boolean) => async (id: string, ids: readonly string[]) => {
    const changed = ids.filter((x) => links.has(`${id}:${x}`) !== on);
    for (const x of changed) links[on ? 'add' : 'delete'](`${id}:${x}`);
    writes.push(`${on ? 'link' : 'unlink'} ${changed.join(',')}`);
    return changed;
  };
  const cabinets = fakeOf<typeof repo>({
    findCabinet: async (_db, _c, id) => find(id),
    canReadCabinet: async (_db, who, id) =>
      who.isCompanyAdmin || (READS[who.user.id] ?? []).includes(id),
    canManageCabinet: async (_db, who, id) =>
      who.isCompanyAdmin || (MANAGES[who.user.id] ?? []).includes(id),
    selectCabinets: async (_db, _v, only) => [view(find(only!.id)!)],
    isNameTaken: async (_db, _c, name, exceptId) =>
      rows.some((r) => r.name === name && r.id !== exceptId),
    insertCabinet: async (_db, _c, v) => {
      raced();
      rows.push(cabinet('new', v.name));
      writes.push(`insert ${v.name}`);
      return 'new';
    },
    updateCabinet: async (_db, _c, id, v) => {
      raced();
      writes.push(`update ${id} ${v.name}`);
      savedAt.push(v.updatedAt.toISOString());
    },
    deleteCabinet: async (_db, _c, id) => {
      writes.push(`delete ${id}`);
      return 7;
    },
    companyRowNames: async (_db, _t, _c, ids) =>
      ids.filter((i) => names[i]).map((i) => ({ id: i, name: names[i]! })),
    linkGroups: (_tx, _t, id, ids) => link(true)(id, ids),
    unlinkGroups: (_tx, _t, id, ids) => link(false)(id, ids),
    addAdmins: (_tx, id, ids) => link(true)(id, ids),
    removeAdmins: (_tx, id, ids) => link(false)(id, ids),
  });
  // The transaction only takes the audit events written with a change (recorded, never read here).
  const db = fakeDb((e) => writes.push(`audit ${e.action} ${JSON.stringify(e.details)}`));
  const ctx = (auth: AuthContext): Ctx => ({ db, auth, cabinets, clock: () => NOW });
  return { ctx, writes, savedAt };
}

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
