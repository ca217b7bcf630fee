/**
 * Migration 0032 on a database as it was before it: the JIT domains listed without proof become unverified
 * claims of their company, so they stop routing unknown addresses until verified.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, runMigrations } from '../../db/migrate.ts';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/support/test-deps.ts';
import { findJitCompanyForDomain } from './sso-domains.repository.ts';

const BEFORE = '0032_sso_domains';
let database: Database;
let drop: () => Promise<void>;
let dir: string;

/** The migrations folder as it was before `BEFORE`: its SQL files and a journal that ends before it. */
function foldersBefore(tag: string) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-migrations-'));
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string }[];
  };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  const kept = journal.entries.slice(0, stop);
  mkdirSync(path.join(out, 'meta'));
  writeFileSync(
    path.join(out, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept)
    cpSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  return out;
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  dir = foldersBefore(BEFORE);
  await runMigrations(database, dir);
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps every listed JIT domain as an unverified claim of its company, and routes none of them', async () => {
  const [a, b] = (
    await database.raw.query<{ id: string }>(
      `insert into companies (name, plan, is_enabled_federated_identity) values
         ('株式会社A', 'enterprise', true), ('株式会社B', 'enterprise', true) returning id`,
    )
  ).rows;
  for (const [company, domains] of [
    [a!.id, ['corp.example.test', 'gmail.com']],
    [b!.id, ['corp.example.test']],
  ] as const)
    await database.raw.query(
      `insert into sso_settings (company_id, idp_entity_id, idp_sso_url, email_attribute, name_attribute,
         organization_attribute, jit_enabled, jit_domains) values ($1, 'https://idp', 'https://idp/sso', 'mail',
         'cn', 'ou', true, $2)`,
      [company, domains],
    );
  // Until now both companies' lists sent corp.example.test's unknown addresses to their IdP.
  await runMigrations(database);
  const rows = (
    await database.raw.query<{
      company_id: string;
      domain: string;
      token: string;
      verified_at: Date | null;
    }>('select company_id, domain, token, verified_at from sso_domains order by domain, company_id')
  ).rows;
  const claims = rows.map((r) => [r.company_id, r.domain, r.verified_at]);
  expect(claims).toHaveLength(3);
  expect(claims).toEqual(
    expect.arrayContaining([
      [a!.id, 'corp.example.test', null],
      [b!.id, 'corp.example.test', null],
      [a!.id, 'gmail.com', null],
    ]),
  );
  for (const r of rows) expect(r.token).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(rows.map((r) => r.token)).size).toBe(3);
  // Unverified: no company gets the domain's unknown addresses any more.
  expect(await findJitCompanyForDomain(database.db, 'corp.example.test')).toBeNull();
  expect(await findJitCompanyForDomain(database.db, 'gmail.com')).toBeNull();
});
