/**
 * What the rule tests pass a service instead of the database (STYLE.md "Tests": services with fake
 * repositories): fakes checked against the real types, so a fake of the wrong shape does not compile.
 */
import {
  toAuthContext,
  type AuthContext,
  type CompanyRow,
  type UserRow,
} from '../../src/auth/current-user.ts';
import type { Db } from '../../src/db/client.ts';
import type { toRow } from '../../src/modules/audit-log/audit-log.record.ts';

/**
 * A stand-in for `T` (a repository module, the mailer, the environment) made of the members a test gives, each
 * typed as `T` has it. A member the test did not give throws when the rules reach it, naming it, rather than
 * answering undefined.
 */
export function fakeOf<T extends object>(given: Partial<T>): T {
  return new Proxy(given, {
    get: (target, name, receiver) => {
      // Symbols and `then` are asked of any object (printing it, awaiting it): they are not members.
      if (typeof name === 'symbol' || name === 'then' || name in target)
        return Reflect.get(target, name, receiver);
      throw new Error(`the fake has no ${name}: give it to fakeOf`);
    },
  }) as T;
}

/** An audit event as the transaction stores it. */
export type StoredEvent = ReturnType<typeof toRow>;

/**
 * A database whose transactions take only what a change writes besides its repository: its audit event
 * (recordAuditEvent's one insert), handed to `record`. Drizzle's transaction handle cannot be built by hand,
 * so its one method the rules reach is cast here, once.
 */
export function fakeDb(record: (event: StoredEvent) => void = () => {}): Db {
  const tx = {
    insert: () => ({ values: async (rows: StoredEvent[]) => rows.forEach((r) => record(r)) }),
  };
  return fakeOf<Db>({ transaction: async (fn) => fn(tx as never) });
}

/** A company as its row is read, with its columns' defaults unless `extra` says otherwise. */
export const companyRow = (extra: Partial<CompanyRow> = {}): CompanyRow => ({
  id: 'company-a',
  name: '株式会社サンプル商事',
  plan: 'business',
  documentApproval: 0,
  auditLog: false,
  documentImport: false,
  isEnabledFederatedIdentity: false,
  mfa: 1,
  mfaRequiredAt: null,
  theme: 'cloudsign',
  settingsVersion: 0,
  settingsUpdatedAt: new Date('2026-01-01T00:00:00Z'),
  auditRetentionYears: 5,
  bulkDownloadMembers: false,
  idleTimeoutMinutes: null,
  sessionMaxHours: 12,
  sessionLimitsVersion: 0,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...extra,
});

/** Member `id` of `company` calling, as a signed-in request hands him to the services. */
export function callerOf(
  id: string,
  user: Partial<UserRow> = {},
  company = companyRow(),
): AuthContext {
  const row: UserRow = {
    id,
    companyId: company.id,
    email: `${id}@example.test`,
    name: id,
    organization: '',
    roles: [],
    status: 1,
    mfa: 2,
    hasMfaSecret: false,
    ...user,
  };
  return toAuthContext({ user: row, company }, `session-${id}`);
}
