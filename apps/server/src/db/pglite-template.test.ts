import { afterAll, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { copyTemplateInto, isTemplateCurrent, stampOf } from './pglite-template.ts';
import { writeTemplate } from './pglite-template-writer.ts';
import { MIGRATIONS_DIR } from './migrations-dir.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-template-test-'));
const template = path.join(scratch, 'template.tgz');
const templateDir = path.join(scratch, 'template');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MIGRATIONS = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

async function migrationsAndUsers(db: PGlite) {
  const applied = await db.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  const users = await db.query<{ n: number }>('select count(*)::int as n from users');
  return { migrations: applied.rows[0]!.n, users: users.rows[0]!.n };
}

describe('a new embedded database starts from the migrated template', () => {
  it('holds every migration, so a first start has none left to apply', async () => {
    await writeTemplate(template, templateDir);
    expect(isTemplateCurrent(template)).toBe(true);
    expect(isTemplateCurrent(templateDir)).toBe(true);
    // No scratch folder is left beside the template.
    expect(readdirSync(scratch).sort()).toEqual(
      [
        'template',
        'template.migrations-sha256',
        'template.tgz',
        'template.tgz.migrations-sha256',
      ].sort(),
    );

    const dir = path.join(scratch, 'new');
    mkdirSync(dir);
    expect(copyTemplateInto(dir, templateDir)).toBe(true);
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    expect(await migrationsAndUsers(db)).toEqual({ migrations: MIGRATIONS, users: 0 });
    await db.close();
    // The folder now holds a cluster: the template is never laid over it again.
    expect(copyTemplateInto(dir, templateDir)).toBe(false);
    expect(existsSync(`${dir}.copying`)).toBe(false);
  });

  it('is copied again over what a start killed while copying left beside the folder', async () => {
    const dir = path.join(scratch, 'killed');
    mkdirSync(dir);
    mkdirSync(`${dir}.copying`);
    writeFileSync(path.join(`${dir}.copying`, 'half-copied'), '');
    expect(copyTemplateInto(dir, templateDir)).toBe(true);
    expect(existsSync(path.join(dir, 'half-copied'))).toBe(false);
    expect(existsSync(`${dir}.copying`)).toBe(false);
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    expect(await migrationsAndUsers(db)).toEqual({ migrations: MIGRATIONS, users: 0 });
    await db.close();
  });

  it('packed, loads into a database kept in memory', async () => {
    const db = await PGlite.create({
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(template)]),
    });
    expect(await migrationsAndUsers(db)).toEqual({ migrations: MIGRATIONS, users: 0 });
    await db.close();
  });

  it('is written again over an older one', async () => {
    writeFileSync(path.join(templateDir, 'left-by-the-old-template'), 'old');
    await writeTemplate(template, templateDir);
    expect(existsSync(path.join(templateDir, 'left-by-the-old-template'))).toBe(false);
    expect(isTemplateCurrent(templateDir)).toBe(true);
  });

  it('is not used once the migrations differ from those it was made from', () => {
    writeFileSync(stampOf(templateDir), 'made from other migrations');
    expect(isTemplateCurrent(templateDir)).toBe(false);
    const empty = path.join(scratch, 'empty');
    mkdirSync(empty);
    expect(copyTemplateInto(empty, templateDir)).toBe(false);
    expect(readdirSync(empty)).toEqual([]);
  });
});
