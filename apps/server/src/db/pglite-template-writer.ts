/**
 * Writes the migrated template a new embedded database starts from (see pglite-template.ts); run by the build,
 * and by the test run when the build's is missing or stale (test/support/test-databases.global-setup.ts).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPgliteAt } from './client.ts';
import { runMigrations } from './migrate.ts';
import {
  areTemplatesCurrent,
  migrationsHash,
  PGLITE_TEMPLATE,
  PGLITE_TEMPLATE_DIR,
  stampOf,
} from './pglite-template.ts';

/**
 * Makes both forms of the template: a cluster in a scratch folder beside them, migrated and packed, then closed
 * and renamed to be the folder form.
 */
export async function writeTemplate(
  template = PGLITE_TEMPLATE,
  templateDir = PGLITE_TEMPLATE_DIR,
): Promise<void> {
  mkdirSync(path.dirname(templateDir), { recursive: true });
  const scratch = mkdtempSync(`${templateDir}.making-`);
  const hash = migrationsHash(); // of the migrations applied below, should one change meanwhile
  // Written aside and renamed: a test run or a server starting meanwhile reads the old template or the new one,
  // never half of one. Each stamp comes last, so a template is current only once it is whole.
  const replace = (target: string, write: (aside: string) => void) => {
    const aside = `${target}.${process.pid}.tmp`;
    write(aside);
    renameSync(aside, target);
  };
  try {
    const { database, client } = await openPgliteAt(scratch);
    await runMigrations(database);
    const packed = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await database.close();
    replace(template, (aside) => writeFileSync(aside, packed));
    replace(stampOf(template), (aside) => writeFileSync(aside, hash));
    // A folder cannot be renamed over another: the old one is renamed away first, then removed.
    const old = `${templateDir}.${process.pid}.old`;
    rmSync(stampOf(templateDir), { force: true });
    rmSync(old, { recursive: true, force: true });
    try {
      renameSync(templateDir, old);
    } catch {
      // none yet
    }
    renameSync(scratch, templateDir);
    rmSync(old, { recursive: true, force: true });
    replace(stampOf(templateDir), (aside) => writeFileSync(aside, hash));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The template made again only when either form is missing or was made from other migrations. */
export async function ensureTemplate(): Promise<void> {
  if (!areTemplatesCurrent()) await writeTemplate();
}
