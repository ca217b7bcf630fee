/** Members (users), their sessions, password-setup links, login limits, known devices and the signing keys. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, ts, createdAt, updatedAt } from './columns.ts';
import { companyRef } from './companies.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyRef(),
    /** Stored lower-cased; unique across the whole service (docs/design.md §2). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Full-width katakana reading; null = none given. 氏名 order sorts by it first (then the name). */
    furigana: text('furigana'),
    organization: text('organization').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(0),
    mfa: smallint('mfa').notNull().default(2),
    mfaSecret: text('mfa_secret'),
    /** argon2id hashes of unused backup codes. */
    mfaBackupCodes: text('mfa_backup_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    /** TOTP time step of the last accepted code: the same code is never accepted twice (RFC 6238 §5.2). */
    mfaLastStep: integer('mfa_last_step'),
    theme: text('theme').notNull().default('cloudsign'),
    /** NFKC + lower-case + katakana-folded name, email and organization, for keyword search. */
    searchText: text('search_text').notNull().default(''),
    /** 作成元 (`MEMBER_SOURCES`): manual, csv, sso or scim; members older than the column are manual. */
    source: text('source').$type<'manual' | 'csv' | 'sso' | 'scim'>().notNull().default('manual'),
    /** Written once per completed sign-in (modules/sign-in/sign-in-audit.ts, recordSignInWhenDone), never per request; null = never signed in. */
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_name_idx').on(t.companyId, t.name, t.id),
    // 氏名 order: by reading when there is one, then name; the member list's keyset paging walks it.
    index('users_company_reading_idx').on(
      t.companyId,
      sql`coalesce(${t.furigana}, ${t.name})`,
      t.name,
      t.id,
    ),
    // Member list sorts and filters: keyset paging by email / created date, privilege filter.
    index('users_company_email_idx').on(t.companyId, t.email, t.id),
    index('users_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('users_roles_idx').using('gin', t.roles),
    // 最終ログイン日時 order and 「一度もログインしていない」: never = -infinity, so keyset paging needs no null case.
    index('users_company_last_sign_in_idx').on(
      t.companyId,
      sql`coalesce(${t.lastSignInAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    // 「90日以上ログインしていない」: the last sign-in, or the account's creation when there was none.
    index('users_company_active_at_idx').on(
      t.companyId,
      sql`coalesce(${t.lastSignInAt}, ${t.createdAt})`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False until the second factor is passed when the member has MFA enabled or the company requires it. */
    isMfaVerified: boolean('is_mfa_verified').notNull().default(false),
    /** Signed in through the company's IdP: the company's MFA and password steps do not apply. */
    viaSso: boolean('via_sso').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /**
     * What the member's アカウント設定 names the session by: the id is the cookie's hash, which must never
     * leave the server (it would let a reader end or spot the session in logs), so a random one is shown.
     */
    publicId: uuid('public_id').notNull().defaultRandom(),
    /** The browser and address that signed in, for the member's own session list ('' for older rows). */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

/**
 * One-time links mailed to a member: `setup` for invited members (valid 10 days, CS), `reset` for a forgotten
 * password (valid 60 minutes). A member has at most one: a newer link of either kind replaces the older.
 */
export const passwordSetupTokens = pgTable(
  'password_setup_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull().default('setup'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_setup_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-in attempts (password or second factor), counted per account and per IP over a window.
 * In the database, not in memory, so the limit holds across every site instance (docs/design.md §1).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** Lower-cased email as typed, also for unknown accounts, so guessing is limited either way. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The known device (hash of its cookie) the attempt came from; null from a browser unknown to the account. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
    index('login_attempts_device_idx').on(t.device, t.createdAt),
  ],
);

/** Requests on 「パスワードをお忘れの方」, counted per address and per IP to limit mail bombing and probing. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_requests_email_idx').on(t.email, t.createdAt),
    index('password_reset_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Browsers that signed in to an account before (auth/known-devices.ts): the SHA-256 of the browser's
 * HttpOnly device cookie, per member. A known device is not slowed by other people's failed logins.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    device: text('device').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.device, t.userId] }),
    index('known_devices_user_idx').on(t.userId),
  ],
);

/** EdDSA signing keys shared by every site and api instance on one database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: createdAt(),
});
