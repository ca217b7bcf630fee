/**
 * Member rules without a database: the members repository, the transaction and the clock are plain objects,
 * so each test states a rule (self-demotion, last admin, duplicate email, who lists a cabinet's members) and
 * the answer the caller gets.
 */
import { describe, expect, it } from 'vitest';
import { ZFindMembersQuery } from '@cloudsign/contract';
import { failure } from '../../../test/support/error-body.ts';
import { fakeDb, fakeOf } from '../../../test/support/fakes.ts';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type * as holdingsRepo from './member-holdings.repository.ts';
import type * as repo from './members.repository.ts';
import type { UserRow } from './members.repository.ts';
import {
  createMember,
  findMembers,
  updateMember,
  type MemberServiceDeps,
} from './members.service.ts';

import { deleteMember } from './member-offboarding.service.ts';

/** These rules are not about versions: every save here overwrites on purpose (If-Match: *). */
const ANY = { kind: 'any' } as const;

const NOW = new Date('2026-04-01T00:00:00Z');
const [SALES, LEGAL] = [
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
];
const member = (id: string, extra: Partial<UserRow> = {}): UserRow => ({
  id,
  companyId: 'company-a',
  email: `${id}@example.test`,
  name: id,
  furigana: null,
  organization: '',
  roles: [],
  status: 1,
  mfa: 2,
  mfaSecret: null,
  mfaBackupCodes: [],
  passwordHash: null,
  mfaLastStep: null,
  theme: 'cloudsign',
  searchText: id,
  source: 'manual',
  lastSignInAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...extra,
});
const admin = member('admin-1', { roles: ['CompanyAdmin'] });
const who = {
  user: { ...admin, hasMfaSecret: false },
  isCompanyAdmin: true,
  sessionId: 'session-1',
};

/** A company of `rows`; records writes so a refused call can be shown to have written nothing. */
function world(
  rows: UserRow[],
  opts: { uniqueViolationOnInsert?: boolean; ssoExceptions?: string[] } = {},
) {
  const writes: string[] = [];
  const find = (id: string) => rows.find((r) => r.id === id) ?? null;
  const members = fakeOf<typeof repo>({
    findMember: async (_db, _companyId, id) => find(id),
    findUserGroups: async () => [],
    isPasswordAllowed: async () => true,
    // 営業 and 法務 are the company's cabinets; the cabinet admin manages 営業 only.
    cabinetExists: async (_db, _c, id) => [SALES, LEGAL].includes(id),
    canManageCabinet: async (_db, caller, id) => caller.user.id === 'cab-admin' && id === SALES,
    isEmailTaken: async (_db, email, exceptId) =>
      rows.some((r) => r.email === email && r.id !== exceptId),
    lockCompanyAdmins: async () =>
      rows.filter((r) => r.roles.includes('CompanyAdmin')).map((r) => r.id),
    isSsoException: async (_db, _c, id) => opts.ssoExceptions?.includes(id) ?? false,
    insertMember: async () => {
      if (opts.uniqueViolationOnInsert)
        throw Object.assign(new Error('duplicate key'), {
          code: '23505',
          constraint: 'users_email_key',
        });
      writes.push('insert');
      return member('new-1');
    },
    updateMember: async (_db, _c, id) => {
      writes.push(`update ${id}`);
      return find(id);
    },
    deleteMember: async (_db, _c, id) => {
      writes.push(`delete ${id}`);
      return true;
    },
  });
  const deps: MemberServiceDeps = {
    // The transaction only takes the audit events written with a change (recorded, never read here).
    database: fakeOf<Database>({ db: fakeDb((e) => writes.push(`audit ${e.action}`)) }),
    clock: () => NOW,
    mailer: fakeOf<Mailer>({ send: async () => {} }),
    env: fakeOf<Env>({ SITE_URL: 'http://localhost:3000' }),
    members,
    // Nobody here holds a cabinet or a document: deleting needs no successor.
    holdings: fakeOf<typeof holdingsRepo>({
      findAdministeredCabinets: async () => [],
      countSentDocuments: async () => 0,
      findPendingBulkRuns: async () => [],
      transferHoldings: async () => ({ cabinets: 0, documents: 0 }),
    }),
  };
  return { deps, writes };
}

describe('member create and update rules', () => {
  it('a taken email answers 409 naming the address on the email field, whether found first or by the unique index', async () => {
    const taken = {
      code: 'email_taken',
      status: 409,
      message: 'taken@example.test はすでに使われています。',
      details: [{ path: 'email', message: 'taken@example.test はすでに使われています。' }],
    };
    const body = {
      email: 'taken@example.test',
      name: '新人',
      furigana: null,
      organization: '',
      roles: [],
    };
    const found = world([admin, member('taken', { email: 'taken@example.test' })]);
    expect(await failure(createMember(found.deps, who, body))).toEqual(taken);
    expect(found.writes).toEqual([]);
    const raced = world([admin], { uniqueViolationOnInsert: true });
    expect(await failure(createMember(raced.deps, who, body))).toEqual(taken);
    const renamed = world([admin, member('m-1'), member('taken', { email: 'taken@example.test' })]);
    expect(
      await failure(updateMember(renamed.deps, who, 'm-1', { email: body.email }, ANY)),
    ).toEqual(taken);
    expect(renamed.writes).toEqual([]);
  });

  it('keeping one’s own email is not a duplicate', async () => {
    const w = world([admin, member('m-1')]);
    await updateMember(w.deps, who, 'm-1', { email: 'm-1@example.test', name: '改名' }, ANY);
    expect(w.writes).toEqual(['update m-1', 'audit member.updated']);
  });

  it('nobody changes his own roles: 409 on the roles field, nothing written', async () => {
    const w = world([admin, member('admin-2', { roles: ['CompanyAdmin'] })]);
    expect(await failure(updateMember(w.deps, who, 'admin-1', { roles: [] }, ANY))).toEqual({
      code: 'self_forbidden',
      status: 409,
      message: '自分自身の権限は変更できません。',
      details: [{ path: 'roles', message: '自分自身の権限は変更できません。' }],
    });
    expect(w.writes).toEqual([]);
    // The same roles in another order are no change: the member may save his own form.
    await updateMember(w.deps, who, 'admin-1', { roles: ['CompanyAdmin'], name: '管理' }, ANY);
    expect(w.writes).toEqual(['update admin-1', 'audit member.updated']);
  });

  it('the last company admin keeps the role and stays: 409', async () => {
    const lastAdmin = {
      code: 'last_admin',
      status: 409,
      message: '組織管理権限を持つメンバーが1人もいなくなるため、この操作はできません。',
      details: undefined,
    };
    const other = { user: { ...member('viewer'), hasMfaSecret: false }, isCompanyAdmin: true };
    const w = world([admin, member('viewer')]);
    expect(await failure(updateMember(w.deps, other, 'admin-1', { roles: [] }, ANY))).toEqual(
      lastAdmin,
    );
    expect(await failure(deleteMember(w.deps, other, 'admin-1'))).toEqual(lastAdmin);
    expect(w.writes).toEqual([]);
    const two = world([admin, member('admin-2', { roles: ['CompanyAdmin'] })]);
    await updateMember(two.deps, who, 'admin-2', { roles: [] }, ANY);
    expect(two.writes).toEqual(['update admin-2', 'audit member.updated']);
  });

  it('an SSO break-glass exception keeps the admin role until taken off the list: 409', async () => {
    const message =
      'このメンバーは SSO の例外（SSO が有効な間もパスワードでログインできる管理者）に指定されているため、組織管理権限を外せません。先に SSO 設定の例外から外してください。';
    const rows = [admin, member('admin-2', { roles: ['CompanyAdmin'] })];
    const w = world(rows, { ssoExceptions: ['admin-2'] });
    expect(await failure(updateMember(w.deps, who, 'admin-2', { roles: [] }, ANY))).toEqual({
      code: 'invalid_state',
      status: 409,
      message,
      details: [{ path: 'roles', message }],
    });
    expect(w.writes).toEqual([]);
    // Other edits of the same admin are not held up.
    await updateMember(w.deps, who, 'admin-2', { name: '管理 二郎' }, ANY);
    expect(w.writes).toEqual(['update admin-2', 'audit member.updated']);
  });

  it('nobody deletes himself; a missing member is 404', async () => {
    const w = world([admin, member('m-1')]);
    expect(await failure(deleteMember(w.deps, who, 'admin-1'))).toEqual({
      code: 'self_forbidden',
      status: 409,
      message: '自分自身は削除できません。',
      details: undefined,
    });
    expect(await failure(deleteMember(w.deps, who, 'gone'))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await deleteMember(w.deps, who, 'm-1');
    expect(w.writes).toEqual(['delete m-1', 'audit member.deleted']);
  });
});

describe('the member list', () => {
  it('a member lists only the members of a cabinet he manages: 403, another company’s cabinet 404', async () => {
    const { deps } = world([admin]);
    const cabinetAdmin = { ...who, user: { ...who.user, id: 'cab-admin' }, isCompanyAdmin: false };
    const list = (cabinetId?: string) =>
      findMembers(deps, cabinetAdmin, ZFindMembersQuery.parse({ cabinetId }));
    const forbidden = { code: 'forbidden', status: 403 };
    expect(await failure(list(LEGAL))).toMatchObject(forbidden);
    expect(await failure(list())).toMatchObject(forbidden);
    const elsewhere = '00000000-0000-4000-8000-0000000000ff';
    expect(await failure(list(elsewhere))).toMatchObject({ code: 'not_found', status: 404 });
  });
});
