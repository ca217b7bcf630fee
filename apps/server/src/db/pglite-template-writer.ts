/**
 * Writes the migrated template a new embedded database starts from (see pglite-template.ts); run by the build,
 * and by the test run when the build's is missing or stale (test/support/test-databases.global-setup.ts).
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPgliteAt } from './client.ts';
import { runMigrations } from './migrate.ts';
import { isTemplateCurrent, migrationsHash, PGLITE_TEMPLATE, stampOf } from './pglite-template.ts';

/** Makes the template: a cluster in a scratch folder, migrated, packed, then the folder removed. */
export async function writeTemplate(template = PGLITE_TEMPLATE): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-pglite-template-'));
  const hash = migrationsHash(); // of the migrations applied below, should one change meanwhile
  try {
    const { database, client } = await openPgliteAt(scratch);
    await runMigrations(database);
    const packed = await client.dumpDataDir('gzip');
    await database.close();
    // Written aside and renamed: a test run or a server starting meanwhile reads the old file or the new one,
    // never half of one. The stamp comes last, so a template is current only once it is whole.
    mkdirSync(path.dirname(template), { recursive: true });
    const aside = `${template}.${process.pid}.tmp`;
    writeFileSync(aside, Buffer.from(await packed.arrayBuffer()));
    renameSync(aside, template);
    writeFileSync(aside, hash);
    renameSync(aside, stampOf(template));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The template made again only when it is missing or was made from other migrations. */
export async function ensureTemplate(template = PGLITE_TEMPLATE): Promise<void> {
  if (!isTemplateCurrent(template)) await writeTemplate(template);
}
