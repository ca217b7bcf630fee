/**
 * A company of cabinets without a database, for the cabinet rule tests: the cabinets repository (who may read
 * and manage, which documents each may read or edit, the links) and the transaction are fakes that record
 * every write and event. The document rule tests ask the same company who may read and edit each document.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EntityType, type TCabinet } from '@cloudsign/contract';
import type { Readable, Who } from '../../src/auth/access.ts';
import type { AuthContext } from '../../src/auth/current-user.ts';
import type * as repo from '../../src/modules/cabinets/cabinets.repository.ts';
import type { CabinetRow } from '../../src/modules/cabinets/cabinets.repository.ts';
import type { Ctx } from '../../src/modules/cabinets/cabinets.service.ts';
import type * as documentsRepo from '../../src/modules/documents/documents.repository.ts';
import type { Database } from '../../src/db/client.ts';
import type { Jobs } from '../../src/jobs/jobs.ts';
import type { FileStorage } from '../../src/lib/storage.ts';
import type { Ctx as DownloadCtx } from '../../src/modules/document-download/document-download.service.ts';
import { callerOf, fakeDb, fakeOf } from './fakes.ts';

export const V1 = new Date('2026-04-01T00:00:00.000Z');
/** The clock of every rule. */
export const NOW = new Date('2026-11-29T09:00:00.000Z');

export const cabinet = (id: string, name: string, type: number = EntityType.User): CabinetRow => ({
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
export const ALL = cabinet('all', 'すべての書類', EntityType.System);
export const SALES = cabinet('sales', '営業');
export const LEGAL = cabinet('legal', '法務');
/** Nobody but a company admin reads it. */
export const HR = cabinet('hr', '人事');

export const caller = (id: string, isCompanyAdmin = false) =>
  callerOf(id, { roles: isCompanyAdmin ? ['CompanyAdmin'] : [] });
export const companyAdmin = caller('admin', true);
/** Administers 営業 (and so reads it); reads 法務 through a group. */
export const salesAdmin = caller('sales-admin');
const MANAGES: Record<string, string[]> = { 'sales-admin': ['sales'] };
const READS: Record<string, string[]> = { 'sales-admin': ['sales', 'legal'], reader: ['legal'] };
export const may = (who: Who, can: 'read' | 'edit', cabinetId: string) =>
  who.isCompanyAdmin || ((can === 'edit' ? MANAGES : READS)[who.user.id] ?? []).includes(cabinetId);
/** What `who` reads, as readableCabinets answers it for this company. */
export const readableOf = (who: Who): Readable => ({
  companyId: who.user.companyId,
  isCompanyAdmin: who.isCompanyAdmin,
  readsAll: who.isCompanyAdmin,
  cabinetIds: [ALL, SALES, LEGAL, HR].filter((c) => may(who, 'read', c.id)).map((c) => c.id),
  systemCabinetId: ALL.id,
});
/** Each document and the cabinet it is filed in. */
export const FILED: Record<string, string> = {
  'd-sales': 'sales',
  'd-legal': 'legal',
  'd-hr': 'hr',
};
const filedIn = (cabinetId: string) => Object.keys(FILED).filter((d) => FILED[d] === cabinetId);

/** A company of those cabinets, two groups, two members and three documents; records every write and event. */
export function cabinetRulesWorld(opts: { uniqueViolationOnWrite?: boolean } = {}) {
  const writes: string[] = [];
  /** The 更新日時 each update wrote. */
  const savedAt: string[] = [];
  const rows = [ALL, SALES, LEGAL, HR];
  const names: Record<string, string> = {
    g1: '営業部',
    g2: '法務部',
    u1: '一郎',
    u2: '二郎',
    reader: '読者',
    'sales-admin': '営業管理者',
  };
  const links = new Set(['sales:g1', 'sales:u1']);
  /** The cabinet each condition's WHERE is limited to. */
  const scopes = new Map<SQL, string>();
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
    canReadCabinet: async (_db, who, id) => may(who, 'read', id),
    canManageCabinet: async (_db, who, id) => may(who, 'edit', id),
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
    countDocuments: async (_db, who, ids, can) =>
      ids.filter((d) => FILED[d] && may(who, can, FILED[d])).length,
    linkDocuments: (_tx, id, ids) => link(true)(id, ids),
    conditionWhere: (_c, _conditions, scope) => {
      const where = sql`${scope.id}`;
      scopes.set(where, scope.id);
      return where;
    },
    countConditionDocuments: async (_db, where, editor) => {
      const matching = filedIn(scopes.get(where)!);
      const editable = matching.filter((d) => !editor || may(editor, 'edit', FILED[d]!));
      return { matching: matching.length, editable: editable.length };
    },
    linkMatching: async (_tx, id, where) =>
      (await link(true)(id, filedIn(scopes.get(where)!))).length,
    countRuleCandidates: async () => 3,
    selectReadableCabinets: async (_db, _c, userId) =>
      rows
        .filter((r) => readableOf(caller(userId)).cabinetIds.includes(r.id))
        .map((r) => ({ id: r.id, name: r.name, type: EntityType.User, reasons: [] })),
  });
  // The transaction only takes the audit events written with a change (recorded, never read here).
  const db = fakeDb((e) => writes.push(`audit ${e.action} ${JSON.stringify(e.details)}`));
  const ctx = (auth: AuthContext) => ({ db, auth, cabinets, clock: () => NOW }) satisfies Ctx;
  return { ctx, writes, savedAt };
}

/**
 * What a download or a tax audit pack of this company is given: the documents repository answers what the
 * caller reads and which cabinets there are; the runs' database, queue and storage give nothing, so a request
 * refused before its run is taken touches none of them.
 */
export const downloadCtx = (auth: AuthContext): DownloadCtx => ({
  db: fakeDb(),
  auth,
  clock: () => NOW,
  documents: fakeOf<typeof documentsRepo>({
    readableCabinets: async (_db, who) => readableOf(who),
    findCabinetInCompany: async (_db, _c, id) =>
      [ALL, SALES, LEGAL, HR].find((c) => c.id === id) ?? null,
  }),
  database: fakeOf<Database>({}),
  jobs: fakeOf<Jobs>({}),
  storage: fakeOf<FileStorage>({}),
});
