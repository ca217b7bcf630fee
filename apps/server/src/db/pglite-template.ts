/**
 * A new embedded database starts from a template: an empty cluster with every migration applied, written once
 * by the build (tooling/build-server.ts) instead of made by initdb and the migrations on each first start
 * (about 2.5 s and 1 s on two cores). PostgreSQL's own `template1` is the same idea. The template is used only
 * while it was made from the migrations as they are now; otherwise a new database is made as before.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from './migrations-dir.ts';
import { PGLITE_TEMPLATE } from '../lib/app-files.ts';

export { PGLITE_TEMPLATE };
export const stampOf = (template: string) => `${template}.migrations-sha256`;

/** Every migration file's name and bytes (the journal included), hashed. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else hash.update(`${path.relative(MIGRATIONS_DIR, file)}\0`).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex');
}

export const isTemplateCurrent = (template = PGLITE_TEMPLATE) =>
  existsSync(template) &&
  existsSync(stampOf(template)) &&
  readFileSync(stampOf(template), 'utf8') === migrationsHash();

/** The template's bytes for a database folder that holds no cluster yet, when a current one exists. */
export function templateFor(dir: string, template = PGLITE_TEMPLATE): Blob | undefined {
  if (existsSync(path.join(dir, 'PG_VERSION')) || !isTemplateCurrent(template)) return undefined;
  return new Blob([readFileSync(template)]);
}
