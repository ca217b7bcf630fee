/**
 * The members, member groups and cabinets of the demo companies (docs/design.md §1 "Demo logins").
 * Pure builders: rows in, nothing written here.
 */
import type { TRole } from '@cloudsign/contract';
import type { cabinets, memberGroups, users } from '../db/schema.ts';
import { memberSearchText } from '../lib/search-text.ts';
import { createRand, type Rand } from './prng.ts';
import { DEPARTMENTS, FAMILY_NAMES, GIVEN_NAMES, makeEmail } from './names.ts';
import { EntityType } from '@cloudsign/contract';

export type UserRow = typeof users.$inferInsert & { id: string };
export type GroupRow = typeof memberGroups.$inferInsert & { id: string };
export type CabinetRow = typeof cabinets.$inferInsert & { id: string };
export type PersonRef = { id: string; name: string; email: string; organization: string };

export type PeopleSpec = {
  companyId: string;
  domain: string;
  passwordHash: string;
  now: Date;
  /** Fixed members first (demo logins), then `generated` random ones. */
  fixed: readonly {
    name: string;
    /** フリガナ in full-width katakana. */
    furigana?: string;
    email: string;
    organization: string;
    roles: TRole[];
    theme?: string;
  }[];
  generated: number;
  departments: typeof DEPARTMENTS;
  theme: string;
  /** Emails already taken in this run, shared between calls so no two members collide. */
  usedEmails?: Set<string>;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const DAY_MS = 86_400_000;

/**
 * 最終ログイン日時 for a demo member, so the clean-up filters show something: most signed in this month, some
 * one to three months ago, about one in ten 90+ days ago, a few never (and no invited member ever). Drawn
 * from the member's own id, so the shared sequence (names, addresses) stays as it was.
 */
function demoLastSignIn(id: string, status: number, createdAt: Date, now: Date): Date | null {
  if (status === 0) return null;
  const r = createRand(Number.parseInt(id.slice(0, 8), 16));
  const ageDays = Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS);
  const band = r.weighted([
    ['recent', 70],
    ['months', 17],
    ['inactive', 9],
    ['never', 4],
  ] as const);
  if (band === 'never') return null;
  const [min, max] = band === 'recent' ? [0, 29] : band === 'months' ? [30, 89] : [90, 400];
  const days = Math.min(r.int(min, max), ageDays);
  return new Date(now.getTime() - days * DAY_MS - r.int(0, 86_399) * 1000);
}

/** Members with a realistic spread of status (mostly valid, some invited or in password reset) and MFA. */
export function buildMembers(rand: Rand, spec: PeopleSpec): UserRow[] {
  const used = spec.usedEmails ?? new Set<string>();
  for (const f of spec.fixed) used.add(f.email);
  const rows: UserRow[] = [];
  const base = (
    name: string,
    furigana: string | null,
    email: string,
    organization: string,
    status: number,
    roles: TRole[],
    mfa: number,
    theme: string,
  ): UserRow => {
    const createdAt = new Date(spec.now.getTime() - rand.int(30, 3 * 365) * 86_400_000);
    const id = rand.uuid();
    return {
      id,
      companyId: spec.companyId,
      email,
      name,
      furigana,
      organization,
      roles,
      status,
      mfa,
      mfaSecret:
        mfa === 1 ? Array.from({ length: 32 }, () => rand.pick([...BASE32])).join('') : null,
      // Invited members (status 0) have not chosen a password yet (docs/design.md §1).
      passwordHash: status === 0 ? null : spec.passwordHash,
      theme,
      searchText: memberSearchText({ name, furigana, email, organization }),
      createdAt,
      updatedAt: createdAt,
      lastSignInAt: demoLastSignIn(id, status, createdAt, spec.now),
    };
  };
  for (const f of spec.fixed)
    rows.push(
      base(
        f.name,
        f.furigana ?? null,
        f.email,
        f.organization,
        1,
        f.roles,
        2,
        f.theme ?? spec.theme,
      ),
    );
  const deptWeights = spec.departments.map((d) => [d.org, d.weight] as const);
  for (let i = 0; i < spec.generated; i++) {
    const family = rand.pick(FAMILY_NAMES);
    const given = rand.pick(GIVEN_NAMES);
    const status = rand.weighted([
      [1, 86],
      [0, 8],
      [2, 6],
    ] as const);
    const mfa = status === 1 && rand.chance(0.3) ? 1 : 2;
    rows.push(
      base(
        `${family.k} ${given.k}`,
        `${family.y}\u3000${given.y}`,
        makeEmail(family, given, spec.domain, used),
        rand.weighted(deptWeights),
        status,
        [],
        mfa,
        spec.theme,
      ),
    );
  }
  return rows;
}

/** Gives `role` to `count` members whose 所属 starts with one of `orgPrefixes` (skipping fixed ones). */
export function grantRole(
  rand: Rand,
  members: UserRow[],
  fixedCount: number,
  role: TRole,
  orgPrefixes: readonly string[],
  count: number,
) {
  const pool = members
    .slice(fixedCount)
    .filter(
      (m) =>
        m.status === 1 &&
        orgPrefixes.some((p) => (m.organization ?? '').startsWith(p)) &&
        !m.roles?.includes(role),
    );
  for (const m of rand.sample(pool, count)) m.roles = [...(m.roles ?? []), role];
}

export function systemGroup(rand: Rand, companyId: string, now: Date): GroupRow {
  return {
    id: rand.uuid(),
    companyId,
    name: 'すべてのメンバー',
    note: '',
    type: EntityType.System,
    createdAt: now,
    updatedAt: now,
  };
}

export function systemCabinet(rand: Rand, companyId: string, now: Date): CabinetRow {
  return {
    id: rand.uuid(),
    companyId,
    name: 'すべての書類',
    note: '',
    type: EntityType.System,
    createdAt: now,
    updatedAt: now,
  };
}

export const toRef = (u: UserRow): PersonRef => ({
  id: u.id,
  name: u.name ?? '',
  email: u.email,
  organization: u.organization ?? '',
});

/** Members whose 所属 starts with one of the prefixes and who can send (valid, registered). */
export function pool(members: readonly UserRow[], prefixes: readonly string[]): PersonRef[] {
  return members
    .filter((m) => m.status === 1 && prefixes.some((p) => (m.organization ?? '').startsWith(p)))
    .map(toRef);
}
