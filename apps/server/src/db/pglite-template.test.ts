import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isTemplateCurrent, templateFor } from './pglite-template.ts';
import { writeTemplate } from './pglite-template-writer.ts';
import { MIGRATIONS_DIR } from './migrations-dir.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-template-test-'));
const template = path.join(scratch, 'template.tgz');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MIGRATIONS = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

describe('a new embedded database starts from the migrated template', () => {
  it('holds every migration, so a first start has none left to apply', async () => {
    await writeTemplate(template);
    expect(isTemplateCurrent(template)).toBe(true);
    const dir = path.join(scratch, 'new');
    mkdirSync(dir);
    const loadDataDir = templateFor(dir, template);
    expect(loadDataDir).toBeInstanceOf(Blob);
    const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir });
    const applied = await db.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.n).toBe(MIGRATIONS);
    const users = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(users.rows[0]!.n).toBe(0);
    await db.close();
    // The folder now holds a cluster: the template is never laid over it again.
    expect(templateFor(dir, template)).toBeUndefined();
  });

  it('is not used once the migrations differ from those it was made from', () => {
    writeFileSync(`${template}.migrations-sha256`, 'made from other migrations');
    expect(isTemplateCurrent(template)).toBe(false);
    expect(templateFor(path.join(scratch, 'empty'), template)).toBeUndefined();
  });
});
